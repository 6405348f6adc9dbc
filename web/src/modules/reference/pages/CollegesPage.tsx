import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { Perm, type CollegePageQuery, type CollegeView } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { usePermission } from '@/app/permission/permission';
import { FormModal } from '@/app/components/FormModal';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import '@/app/components/page.css';
import { collegeApi, schoolApi } from '../api/reference.api';
import '../components/reference.css';
import '../locales';

interface Values {
  schoolId: number;
  name: string;
  nameEn?: string;
  code?: string;
  sort: number;
  enabled: boolean;
}

/** Colleges of the schools the caller's organisations manage. */
export default function CollegesPage() {
  const { t } = useTranslation('reference');
  const canEdit = usePermission([Perm.collegeEdit]);
  const schools = useAsync(() => schoolApi.options(), []);
  const schoolOptions = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  const [query, setQuery] = useState<CollegePageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => collegeApi.page(query, signal), [query]);
  const [filters] = Form.useForm<{ schoolId?: number; name?: string }>();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ college: CollegeView | null } | null>(null);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const c = editing.college;
    form.setFieldsValue(c ? { ...c, code: c.code ?? '' } : { schoolId: query.schoolId ?? schools.data?.[0]?.id, sort: 0, enabled: true });
  }, [editing, form, query.schoolId, schools.data]);

  const search = () => {
    const f = filters.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, schoolId: f.schoolId, name: f.name?.trim() || undefined }));
  };
  const reset = () => {
    filters.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };

  const submit = async () => {
    const v = await form.validateFields();
    await collegeApi.save({ id: editing?.college?.id, schoolId: v.schoolId, name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', code: v.code?.trim() || null, sort: v.sort ?? 0, enabled: v.enabled });
    toast(t('college.saved'), 'success');
    setEditing(null);
    list.reload();
  };

  const remove = async (c: CollegeView) => {
    const deleted = await confirmDelete({ question: t('college.deleteConfirm', { name: c.name }), okText: t('common.delete'), done: t('college.deleted'), run: () => collegeApi.remove(c.id) });
    if (!deleted) return;
    const lastOnPage = (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1;
    if (lastOnPage) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const columns: TableColumnsType<CollegeView> = [
    {
      title: t('college.name'),
      dataIndex: 'name',
      width: 240,
      render: (name: string, c) => (
        <div>
          <div>{name}</div>
          {c.nameEn && <div className="reference-sub">{c.nameEn}</div>}
        </div>
      ),
    },
    { title: t('college.school'), dataIndex: 'schoolName', width: 200 },
    { title: t('code'), dataIndex: 'code', width: 100, render: (v: string | null) => v || '-' },
    { title: t('sort'), dataIndex: 'sort', width: 80 },
    { title: t('college.majors'), dataIndex: 'majorCount', width: 90 },
    {
      title: t('common.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean) => (on ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ college: c })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => void remove(c)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader
        title={t('college.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!schools.data?.length} onClick={() => setEditing({ college: null })}>
              {t('college.add')}
            </Button>
          )
        }
      />
      {schools.data && !schools.data.length && <Alert type="info" showIcon message={t('college.noSchool')} style={{ marginBottom: 12 }} />}
      <Form form={filters} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="schoolId" label={t('college.school')}>
          <Select allowClear showSearch optionFilterProp="label" placeholder={t('common.all')} style={{ width: 220 }} options={schoolOptions} />
        </Form.Item>
        <Form.Item name="name" label={t('college.name')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<CollegeView>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
      />
      <FormModal title={editing?.college ? t('college.edit') : t('college.add')} open={!!editing} onClose={() => setEditing(null)} onSubmit={submit}>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="schoolId" label={t('college.school')} rules={[{ required: true, message: t('college.schoolRequired') }]}>
            <Select showSearch optionFilterProp="label" options={schoolOptions} />
          </Form.Item>
          <Form.Item name="name" label={t('college.name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="code" label={t('code')} rules={[{ max: 32 }]}>
              <Input maxLength={32} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="sort" label={t('sort')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </FormModal>
    </div>
  );
}
