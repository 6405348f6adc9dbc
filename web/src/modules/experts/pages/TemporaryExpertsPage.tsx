import { useState } from 'react';
import { Form, Input, InputNumber, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, TEMPORARY_EXPERTS_MAX, type ExpertCredential, type ExpertPageQuery, type ExpertView } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { FormModal } from '@/app/components/FormModal';
import { ListScreen } from '@/app/components/ListParts';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { expertApi } from '../api/experts.api';
import { LoginSlips } from '../components/LoginSlips';
import '../locales';

interface Filters {
  competitionId?: number;
  keyword?: string;
}

/** 临时专家: bulk-created accounts for one competition, ending with it, with printable login slips. */
export default function TemporaryExpertsPage() {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const canEdit = usePermission([Perm.expertEdit]);
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const options = (competitions.data ?? []).map((c) => ({ value: Number(c.value), label: c.label }));
  const [creating, setCreating] = useState(false);
  const [slips, setSlips] = useState<{ credentials: ExpertCredential[]; expiresAt: string } | null>(null);
  const [form] = Form.useForm<{ competitionId: number; count: number; namePrefix?: string }>();

  const paged = usePagedList<ExpertView, ExpertPageQuery, Filters>(expertApi.page, (f) => ({
    source: 'temporary',
    competitionId: f.competitionId,
    keyword: f.keyword?.trim() || undefined,
  }));

  const create = async () => {
    const v = await form.validateFields();
    const reply = await expertApi.createTemporary({ competitionId: v.competitionId, count: v.count, namePrefix: v.namePrefix?.trim() || undefined });
    toast(t('temporary.created', { count: reply.credentials.length }), 'success');
    setCreating(false);
    setSlips(reply);
    paged.list.reload();
  };

  const columns: TableColumnsType<ExpertView> = [
    { title: t('name'), dataIndex: 'name', width: 140 },
    { title: t('account'), dataIndex: 'username', width: 160 },
    { title: t('temporary.competition'), dataIndex: 'competitionId', width: 220, render: (id: number) => options.find((o) => o.value === id)?.label ?? id },
    { title: t('expiresAt'), dataIndex: 'expiresAt', width: 180, render: (v: string | null) => formatDateTime(v, lang, 'minute') },
    {
      title: t('status'),
      dataIndex: 'expiresAt',
      key: 'state',
      width: 100,
      render: (v: string | null, e) =>
        e.status === 'active' && (!v || Date.parse(v) > Date.now()) ? <Tag color="green">{t('statuses.active')}</Tag> : <Tag>{t('statuses.disabled')}</Tag>,
    },
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('temporary.title')}
      add={
        canEdit && {
          label: t('temporary.create'),
          onClick: () => {
            form.resetFields();
            setCreating(true);
          },
        }
      }
      filters={
        <>
          <Form.Item name="competitionId" label={t('temporary.competition')}>
            <Select allowClear showSearch optionFilterProp="label" placeholder={t('common.all')} style={{ width: 240 }} options={options} />
          </Form.Item>
          <Form.Item name="keyword" label={t('keyword')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={900}
    >
      <FormModal title={t('temporary.create')} open={creating} onClose={() => setCreating(false)} onSubmit={create}>
        <Form form={form} layout="vertical" initialValues={{ count: 5 }} className="temporary-form">
          <Form.Item name="competitionId" label={t('temporary.competition')} rules={[{ required: true, message: t('temporary.competitionPick') }]} extra={t('temporary.hint')}>
            <Select showSearch optionFilterProp="label" placeholder={t('temporary.competitionPick')} options={options} />
          </Form.Item>
          <Form.Item name="count" label={t('temporary.count')} rules={[{ required: true, message: t('required', { field: t('temporary.count') }) }]}>
            <InputNumber min={1} max={TEMPORARY_EXPERTS_MAX} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="namePrefix" label={t('temporary.namePrefix')}>
            <Input maxLength={20} placeholder={t('temporary.namePrefixPlaceholder')} />
          </Form.Item>
        </Form>
      </FormModal>
      <LoginSlips credentials={slips?.credentials ?? []} expiresAt={slips?.expiresAt} onClose={() => setSlips(null)} />
    </ListScreen>
  );
}
