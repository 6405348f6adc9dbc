import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, DatePicker, Form, Input, Progress, Select, Space, Tag, Tooltip, TreeSelect, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { GroupNode, SummaryRequirement, SummaryRequirementQuery, SummarySavePayload } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { groupApi } from '@/app/api/group.api';
import { actionsColumn, ListScreen, RowLinks, TextFilter } from '@/app/components/ListParts';
import { FormModal } from '@/app/components/FormModal';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { summaryApi } from '../api/summary.api';
import { CompetitionFilter } from '../components/CompetitionFilter';
import '../locales';
import '@/app/components/page.css';

interface Filters {
  keyword?: string;
  competitionId?: number;
}

interface TargetOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TargetOption[];
}

/** The caller's organisation tree for choosing who must hand in: its top (the caller's own organisation) cannot be asked. */
const targetOptions = (nodes: GroupNode[], top = true): TargetOption[] =>
  nodes.map((g) => ({ value: g.id, title: g.name, disabled: top, children: targetOptions(g.children, false) }));

/** 总结设置: what subordinate organisations hand in after a competition, by when, from which template. */
export default function SummarySettingsPage() {
  const { t } = useTranslation('summary');
  const lang = useLang();
  const navigate = useNavigate();
  const paged = usePagedList<SummaryRequirement, SummaryRequirementQuery, Filters>(summaryApi.page, (f) => ({ keyword: f.keyword?.trim() || undefined, competitionId: f.competitionId }));
  const [editing, setEditing] = useState<SummaryRequirement | 'new' | null>(null);

  const remove = (r: SummaryRequirement) =>
    void confirmDelete({ question: t('settings.deleteQuestion', { title: r.title }), okText: t('common.delete'), done: t('settings.deleted'), run: () => summaryApi.remove(r.id) }).then(
      (done) => done && paged.list.reload(),
    );

  const columns: TableColumnsType<SummaryRequirement> = [
    {
      title: t('settings.name'),
      dataIndex: 'title',
      width: 260,
      render: (title: string, r) => (
        <>
          <div>{title}</div>
          {r.competitionName && <Typography.Text type="secondary">{r.competitionName}</Typography.Text>}
        </>
      ),
    },
    {
      title: t('settings.deadline'),
      dataIndex: 'deadline',
      width: 190,
      render: (v: string) => (
        <Space size={4}>
          <span className="cell-nowrap">{formatDateTime(v, lang, 'minute')}</span>
          {new Date(v) < new Date() && <Tag>{t('settings.overdue')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('settings.progress'),
      key: 'progress',
      width: 180,
      render: (_, r) => (
        <Tooltip title={t('settings.progressTip', { submitted: r.submitted, targets: r.targets, accepted: r.accepted, returned: r.returned })}>
          <Progress percent={Math.round((r.submitted / r.targets) * 100)} success={{ percent: Math.round((r.accepted / r.targets) * 100) }} size="small" format={() => `${r.submitted}/${r.targets}`} />
        </Tooltip>
      ),
    },
    { title: t('settings.template'), key: 'template', width: 180, ellipsis: true, render: (_, r) => r.template?.name ?? '—' },
    actionsColumn(t('common.actions'), lang === 'en' ? 200 : 170, (r) => (
      <RowLinks
        links={[
          { label: t('settings.records'), onClick: () => navigate(`/summary/records?requirementId=${r.id}`) },
          { label: t('common.edit'), onClick: () => setEditing(r) },
          { label: t('common.delete'), onClick: () => remove(r), danger: true, hidden: r.submitted > 0 },
        ]}
      />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('settings.title')}
      add={{ label: t('settings.add'), onClick: () => setEditing('new') }}
      notice={<Typography.Paragraph type="secondary">{t('settings.lead')}</Typography.Paragraph>}
      filters={
        <>
          <TextFilter name="keyword" label={t('settings.keyword')} placeholder={t('settings.keywordPlaceholder')} width={200} />
          <CompetitionFilter />
        </>
      }
      columns={columns}
      scrollX={1000}
    >
      <RequirementModal
        requirement={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          toast(t('settings.saved'), 'success');
          paged.list.reload();
        }}
      />
    </ListScreen>
  );
}

interface FormValues {
  title: string;
  competitionId?: number | null;
  description?: string;
  deadline: Dayjs;
  targetGroupIds: number[];
}

function RequirementModal({ requirement, onClose, onSaved }: { requirement: SummaryRequirement | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('summary');
  const [form] = Form.useForm<FormValues>();
  const open = requirement !== null;
  const existing = requirement === 'new' ? null : requirement;
  const tree = useAsync(() => (open ? groupApi.tree() : Promise.resolve([])), [open]);
  const competitions = useAsync((signal) => (open ? competitionApi.options(signal) : Promise.resolve([])), [open]);
  // undefined keeps the saved template, null removes it.
  const [template, setTemplate] = useState<SummarySavePayload['template']>(undefined);
  const [uploading, setUploading] = useState(false);
  const shownTemplate = template === undefined ? existing?.template : template;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTemplate(undefined);
    if (existing) form.setFieldsValue({ ...existing, deadline: dayjs(existing.deadline) });
    else form.setFieldsValue({ deadline: dayjs().add(14, 'day').hour(18).minute(0).second(0), targetGroupIds: [] });
  }, [open, existing, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await summaryApi.save({ ...v, id: existing?.id, competitionId: v.competitionId ?? null, deadline: v.deadline.toISOString(), template });
    onSaved();
  };

  return (
    <FormModal title={existing ? t('settings.edit') : t('settings.add')} open={open} onClose={onClose} onSubmit={submit} width={640}>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={t('settings.name')} rules={[{ required: true, whitespace: true, message: t('settings.namePlaceholder') }]}>
          <Input maxLength={100} placeholder={t('settings.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="competitionId" label={t('settings.competition')}>
          <Select allowClear showSearch optionFilterProp="label" placeholder={t('settings.none')} options={competitions.data} loading={competitions.loading} />
        </Form.Item>
        <Form.Item name="deadline" label={t('settings.deadline')} rules={[{ required: true, message: t('settings.deadline') }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="targetGroupIds" label={t('settings.targets')} extra={t('settings.targetsHint')} rules={[{ required: true, type: 'array', min: 1, message: t('settings.targetsRequired') }]}>
          <TreeSelect multiple showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={targetOptions(tree.data ?? [])} loading={tree.loading} maxTagCount="responsive" data-testid="summary-targets" />
        </Form.Item>
        <Form.Item name="description" label={t('settings.description')}>
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('settings.descriptionPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('settings.template')} extra={t('settings.templateHint')}>
          <Space wrap>
            <Upload
              accept=".pdf,.doc,.docx"
              showUploadList={false}
              disabled={uploading}
              customRequest={({ file, onSuccess, onError }) => {
                setUploading(true);
                summaryApi
                  .uploadTemplate(file as Blob)
                  .then((stored) => {
                    setTemplate(stored);
                    onSuccess?.(stored);
                  })
                  // What is wrong with the file was shown in the server's words.
                  .catch((err: Error) => onError?.(err))
                  .finally(() => setUploading(false));
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {t('settings.uploadTemplate')}
              </Button>
            </Upload>
            {shownTemplate && (
              <>
                <Typography.Text data-testid="summary-template-name">{shownTemplate.name}</Typography.Text>
                <Button type="link" danger icon={<DeleteOutlined />} onClick={() => setTemplate(null)}>
                  {t('settings.removeTemplate')}
                </Button>
              </>
            )}
          </Space>
        </Form.Item>
      </Form>
    </FormModal>
  );
}
