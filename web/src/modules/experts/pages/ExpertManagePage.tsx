import { useState } from 'react';
import { Button, Checkbox, Form, Input, List, Modal, Progress, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPERT_MESSAGE_MAX, type ExpertReassignReply, type ExpertWorkload, type ExpertWorkloadQuery } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { actionsColumn, ListScreen, RowLinks, TextFilter, WIDE_ONLY } from '@/app/components/ListParts';
import { FormModal } from '@/app/components/FormModal';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { expertApi } from '../api/experts.api';
import '../locales';
import '@/app/components/page.css';

interface Filters {
  keyword?: string;
  competitionId?: number;
  status?: 'active' | 'disabled';
  outlier?: boolean;
}

/**
 * 专家管理: how each expert of the organisation reviews (in one competition when chosen), with what the organiser can
 * do about one: pause or resume them, hand the works they have not begun to others of their groups, message them.
 */
export default function ExpertManagePage() {
  const { t } = useTranslation('experts');
  const lang = useLang();
  const paged = usePagedList<ExpertWorkload, ExpertWorkloadQuery, Filters>(expertApi.workload, (f) => ({
    keyword: f.keyword?.trim() || undefined,
    competitionId: f.competitionId,
    status: f.status,
    outlier: f.outlier || undefined,
  }));
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const [selected, setSelected] = useState<ExpertWorkload[]>([]);
  const [messageTo, setMessageTo] = useState<ExpertWorkload[] | null>(null);
  const [handed, setHanded] = useState<{ name: string; reply: ExpertReassignReply } | null>(null);

  const togglePause = async (e: ExpertWorkload) => {
    const pause = e.status === 'active';
    if ((await confirmDialog(t(pause ? 'manage.pauseConfirm' : 'manage.resumeConfirm', { name: e.name }), { danger: pause })) !== 'confirm') return;
    await expertApi.setStatus(e.id, pause ? 'disabled' : 'active');
    toast(t(pause ? 'manage.paused' : 'manage.resumed'), 'success');
    paged.list.reload();
  };
  const reassign = async (e: ExpertWorkload) => {
    if ((await confirmDialog(t('manage.reassignConfirm', { name: e.name, count: e.pending }))) !== 'confirm') return;
    setHanded({ name: e.name, reply: await expertApi.reassign(e.id) });
    paged.list.reload();
  };

  const columns: TableColumnsType<ExpertWorkload> = [
    {
      title: t('manage.expert'),
      dataIndex: 'name',
      width: 170,
      fixed: 'left',
      render: (name: string, e) => (
        <>
          <div>{name}</div>
          {e.unit && <Typography.Text type="secondary">{e.unit}</Typography.Text>}
        </>
      ),
    },
    { title: t('status'), dataIndex: 'status', width: 80, render: (v: 'active' | 'disabled') => <Tag color={v === 'active' ? 'green' : 'orange'}>{t(`manage.statuses.${v}`)}</Tag> },
    { title: t('manage.rounds'), dataIndex: 'rounds', width: 80, align: 'right' },
    {
      title: t('manage.progress'),
      key: 'progress',
      width: 150,
      render: (_, e) => (
        <Tooltip title={t('manage.progressTip', { scored: e.scored, assigned: e.assigned })}>
          <Progress percent={e.assigned ? Math.round((e.scored / e.assigned) * 100) : 0} size="small" format={() => `${e.scored}/${e.assigned}`} />
        </Tooltip>
      ),
    },
    { title: t('manage.pending'), dataIndex: 'pending', width: 80, align: 'right', render: (v: number) => (v ? <Typography.Text strong>{v}</Typography.Text> : 0) },
    { title: t('manage.declined'), dataIndex: 'declined', width: 80, align: 'right', responsive: WIDE_ONLY },
    { title: t('manage.returned'), dataIndex: 'returned', width: 90, align: 'right', render: (v: number) => (v ? <Typography.Text type="warning">{v}</Typography.Text> : 0) },
    { title: t('manage.avgHours'), dataIndex: 'avgHours', width: 110, align: 'right', render: (v: number | null) => (v === null ? '—' : t('manage.hours', { hours: v.toLocaleString(lang) })) },
    { title: t('manage.conflicts'), dataIndex: 'conflicts', width: 90, align: 'right', responsive: WIDE_ONLY },
    {
      title: t('manage.calibration'),
      dataIndex: 'calibration',
      width: 210,
      render: (c: ExpertWorkload['calibration']) =>
        !c ? (
          <Typography.Text type="secondary">{t('manage.notCalculated')}</Typography.Text>
        ) : (
          <Tooltip title={t('manage.calibrationTip', { round: c.roundName, works: c.sharedWorks ?? 0 })}>
            <Tag color={c.outlier ? 'red' : 'default'}>
              {c.offset === null ? t('manage.inLine') : t(c.offset > 0 ? 'manage.higher' : 'manage.lower', { offset: Math.abs(c.offset).toFixed(1) })}
              {c.outlier && ` · ${t('manage.outlier')}`}
            </Tag>
          </Tooltip>
        ),
    },
    actionsColumn(t('common.actions'), lang === 'en' ? 250 : 190, (e) => (
      <RowLinks
        wrap
        links={[
          { label: t(e.status === 'active' ? 'manage.pause' : 'manage.resume'), onClick: () => void togglePause(e), danger: e.status === 'active' },
          { label: t('manage.reassign'), onClick: () => void reassign(e), hidden: e.pending === 0 },
          { label: t('manage.message'), onClick: () => setMessageTo([e]), hidden: !e.hasAccount },
        ]}
      />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('manage.title')}
      extra={
        <Button icon={<MessageOutlined />} disabled={!selected.some((e) => e.hasAccount)} onClick={() => setMessageTo(selected)} data-testid="message-selected">
          {t('manage.messageSelected', { count: selected.length })}
        </Button>
      }
      filters={
        <>
          <TextFilter name="keyword" label={t('manage.keyword')} placeholder={t('manage.keywordPlaceholder')} width={180} />
          <Form.Item name="competitionId" label={t('manage.competition')}>
            <Select allowClear showSearch optionFilterProp="label" style={{ width: 220 }} placeholder={t('manage.allCompetitions')} options={competitions.data} loading={competitions.loading} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select allowClear style={{ width: 110 }} placeholder={t('manage.all')} options={(['active', 'disabled'] as const).map((s) => ({ value: s, label: t(`manage.statuses.${s}`) }))} />
          </Form.Item>
          <Form.Item name="outlier" valuePropName="checked">
            <Checkbox>{t('manage.outlierOnly')}</Checkbox>
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1250}
      rowSelection={{ selectedRowKeys: selected.map((e) => e.id), onChange: (_, rows) => setSelected(rows) }}
    >
      <MessageModal experts={messageTo} onClose={() => setMessageTo(null)} />
      <Modal title={t('manage.handedTitle', { name: handed?.name ?? '' })} open={!!handed} onCancel={() => setHanded(null)} footer={<Button onClick={() => setHanded(null)}>{t('common.close')}</Button>}>
        {handed && (
          <>
            <Typography.Paragraph>{t('manage.handedSummary', { moved: handed.reply.moved.length, stuck: handed.reply.stuck.length })}</Typography.Paragraph>
            <List
              size="small"
              dataSource={[
                ...handed.reply.moved.map((m) => ({ key: `m${m.roundName}${m.workTitle}`, ok: true, text: t('manage.movedTo', { round: m.roundName, work: m.workTitle, to: m.to }) })),
                ...handed.reply.stuck.map((m) => ({ key: `s${m.roundName}${m.workTitle}`, ok: false, text: t('manage.stuck', { round: m.roundName, work: m.workTitle, why: m.why }) })),
              ]}
              renderItem={(i) => (
                <List.Item key={i.key}>
                  <Typography.Text type={i.ok ? undefined : 'warning'}>{i.text}</Typography.Text>
                </List.Item>
              )}
            />
          </>
        )}
      </Modal>
    </ListScreen>
  );
}

/** A site message to the experts (those with an account receive it). */
function MessageModal({ experts, onClose }: { experts: ExpertWorkload[] | null; onClose: () => void }) {
  const { t } = useTranslation('experts');
  const [form] = Form.useForm<{ text: string }>();
  const reachable = (experts ?? []).filter((e) => e.hasAccount);
  const submit = async () => {
    const { text } = await form.validateFields();
    const r = await expertApi.message({ ids: reachable.map((e) => e.id), text: text.trim() });
    toast(t('manage.messageSent', { count: r.sent }), 'success');
    form.resetFields();
    onClose();
  };
  return (
    <FormModal title={t('manage.messageTitle')} open={!!experts} onClose={onClose} onSubmit={submit} okText={t('manage.send')}>
      <Typography.Paragraph>
        {t('manage.messageTo')}
        <Space size={[4, 4]} wrap style={{ marginLeft: 8 }}>
          {reachable.map((e) => (
            <Tag key={e.id}>{e.name}</Tag>
          ))}
        </Space>
      </Typography.Paragraph>
      {experts && reachable.length < experts.length && <Typography.Paragraph type="secondary">{t('manage.noAccount', { count: experts.length - reachable.length })}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="text" label={t('manage.messageText')} rules={[{ required: true, whitespace: true, message: t('manage.messageRequired') }]}>
          <Input.TextArea rows={4} maxLength={EXPERT_MESSAGE_MAX} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
