import { useState } from 'react';
import { DatePicker, Drawer, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Perm, type ApplicationView, type ExpertCredential, type PageQuery, type RecruitCallView } from '@cmp/contracts';
import { FormModal } from '@/app/components/FormModal';
import { actionsColumn, ListScreen, RowLinks } from '@/app/components/ListParts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { recruitApi } from '../api/experts.api';
import { LoginSlips } from '../components/LoginSlips';
import '../locales';

/** The public page an applicant opens (no login). */
export const applyUrl = (id: number) => `${window.location.origin}/home/expertApply?id=${id}`;

/** 专家招募: calls with their public link; each call's applications with the CV, approved or rejected. */
export default function RecruitmentPage() {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const canEdit = usePermission([Perm.expertEdit]);
  const [editing, setEditing] = useState<RecruitCallView | null | undefined>(undefined);
  const [viewing, setViewing] = useState<RecruitCallView | null>(null);
  const [form] = Form.useForm<{ title: string; description?: string; closesAt: Dayjs }>();
  const paged = usePagedList<RecruitCallView, PageQuery, object>(recruitApi.page, () => ({}));

  const openForm = (c: RecruitCallView | null) => {
    form.resetFields();
    if (c) form.setFieldsValue({ title: c.title, description: c.description, closesAt: dayjs(c.closesAt) });
    setEditing(c);
  };
  const save = async () => {
    const v = await form.validateFields();
    await recruitApi.save({ id: editing?.id, title: v.title.trim(), description: v.description ?? '', closesAt: v.closesAt.toISOString() });
    toast(t('recruit.saved'), 'success');
    setEditing(undefined);
    paged.list.reload();
  };
  const close = async (c: RecruitCallView) => {
    if ((await confirmDialog(t('recruit.closeConfirm', { title: c.title }), { danger: true })) !== 'confirm') return;
    try {
      await recruitApi.close(c.id);
      paged.list.reload();
    } catch {
      /* toasted */
    }
  };

  const isOpen = (c: RecruitCallView) => c.status === 1 && Date.parse(c.closesAt) > Date.now();
  const columns: TableColumnsType<RecruitCallView> = [
    { title: t('recruit.callTitle'), dataIndex: 'title', width: 220 },
    { title: t('recruit.closesAt'), dataIndex: 'closesAt', width: 170, render: (v: string) => formatDateTime(v, lang, 'minute') },
    { title: t('status'), key: 'open', width: 90, render: (_, c) => (isOpen(c) ? <Tag color="green">{t('recruit.open')}</Tag> : <Tag>{t('recruit.closed')}</Tag>) },
    { title: t('recruit.applications'), dataIndex: 'applicationCount', width: 90 },
    { title: t('recruit.pending'), dataIndex: 'pendingCount', width: 90 },
    {
      title: t('recruit.link'),
      key: 'link',
      width: 320,
      render: (_, c) => (
        <Typography.Text className="apply-link" copyable={{ text: applyUrl(c.id) }} ellipsis>
          {applyUrl(c.id)}
        </Typography.Text>
      ),
    },
    actionsColumn(t('common.actions'), lang === 'en' ? 260 : 200, (c) => (
      <RowLinks
        links={[
          { label: t('recruit.viewApplications'), onClick: () => setViewing(c) },
          ...(canEdit ? [{ label: t('common.edit'), onClick: () => openForm(c) }] : []),
          ...(canEdit && isOpen(c) ? [{ label: t('recruit.close'), onClick: () => void close(c) }] : []),
        ]}
      />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('recruit.title')}
      add={canEdit && { label: t('recruit.add'), onClick: () => openForm(null) }}
      filters={null}
      columns={columns}
      scrollX={1200}
    >
      <FormModal title={editing ? t('recruit.edit') : t('recruit.add')} open={editing !== undefined} onClose={() => setEditing(undefined)} onSubmit={save}>
        <Form form={form} layout="vertical" className="recruit-form">
          <Form.Item name="title" label={t('recruit.callTitle')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('recruit.callTitle') }) }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('recruit.description')}>
            <Input.TextArea rows={4} maxLength={5000} />
          </Form.Item>
          <Form.Item name="closesAt" label={t('recruit.closesAt')} rules={[{ required: true, message: t('required', { field: t('recruit.closesAt') }) }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
        </Form>
      </FormModal>
      <ApplicationsDrawer call={viewing} canEdit={canEdit} onClose={() => setViewing(null)} onChanged={paged.list.reload} />
    </ListScreen>
  );
}

function ApplicationsDrawer({ call, canEdit, onClose, onChanged }: { call: RecruitCallView | null; canEdit: boolean; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const [page, setPage] = useState(1);
  const [slip, setSlip] = useState<ExpertCredential[]>([]);
  const list = useAsync((signal) => recruitApi.applications({ callId: call!.id, pageNum: page, pageSize: 10 }, signal), [call?.id, page], !!call);

  const decide = async (a: ApplicationView, approve: boolean) => {
    if ((await confirmDialog(t(approve ? 'recruit.approveConfirm' : 'recruit.rejectConfirm', { name: a.name }), { danger: !approve })) !== 'confirm') return;
    try {
      const reply = await recruitApi.decide(a.id, approve);
      toast(t(approve ? 'recruit.approved' : 'recruit.rejected'), 'success');
      if (reply.credential) setSlip([reply.credential]);
      list.reload();
      onChanged();
    } catch {
      /* toasted */
    }
  };

  const colour = { pending: 'gold', approved: 'green', rejected: 'default' } as const;
  const columns: TableColumnsType<ApplicationView> = [
    { title: t('name'), dataIndex: 'name', width: 100 },
    { title: t('title'), dataIndex: 'title', width: 90 },
    { title: t('unit'), dataIndex: 'unit', width: 150, ellipsis: true },
    { title: t('phone'), dataIndex: 'phone', width: 120 },
    { title: t('subjects'), dataIndex: 'subjects', width: 140, render: (v: string[]) => v.join(lang === 'en' ? ', ' : '、') },
    {
      title: t('recruit.cv'),
      dataIndex: 'cvName',
      width: 150,
      render: (v: string, a) => <a onClick={() => void recruitApi.downloadCv(a.id, v).catch(() => undefined)}>{v}</a>,
    },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: ApplicationView['status']) => <Tag color={colour[v]}>{t(`recruit.appStatuses.${v}`)}</Tag> },
    { title: t('createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v, lang, 'minute') },
    actionsColumn(t('common.actions'), 130, (a) =>
      canEdit && a.status === 'pending' ? (
        <RowLinks
          links={[
            { label: t('recruit.approve'), onClick: () => void decide(a, true) },
            { label: t('recruit.reject'), onClick: () => void decide(a, false) },
          ]}
        />
      ) : null,
    ),
  ];

  return (
    <Drawer title={call ? t('recruit.applicationsOf', { title: call.title }) : ''} open={!!call} onClose={onClose} width={1080} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Table<ApplicationView>
          rowKey="id"
          size="small"
          loading={list.loading}
          dataSource={list.data?.list ?? []}
          columns={columns}
          scroll={{ x: 1150 }}
          locale={{ emptyText: t('recruit.noApplications') }}
          pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        />
      </Space>
      <LoginSlips credentials={slip} onClose={() => setSlip([])} />
    </Drawer>
  );
}
