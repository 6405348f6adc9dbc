import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { DictType, MAX_PAGE_SIZE, Perm, type MajorPageQuery, type MajorView } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { usePermission } from '@/app/permission/permission';
import { FormModal } from '@/app/components/FormModal';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import '@/app/components/page.css';
import { collegeApi, majorApi, schoolApi } from '../api/reference.api';
import { useLookups } from '../hooks/useLookups';
import '../components/reference.css';
import '../locales';

interface Values {
  schoolId?: number;
  collegeId: number;
  name: string;
  nameEn?: string;
  code?: string;
  educationLevel?: string | null;
  sort: number;
  enabled: boolean;
}

/** Colleges of one school as choices (every college of a school fits in one page of 100). */
function useColleges(schoolId: number | undefined) {
  return useAsync((signal) => collegeApi.page({ schoolId, pageSize: MAX_PAGE_SIZE }, signal), [schoolId], !!schoolId);
}

/** Majors of the colleges of the schools the caller's organisations manage. */
export default function MajorsPage() {
  const { t } = useTranslation('reference');
  const canEdit = usePermission([Perm.majorEdit]);
  const { dictOptions: levels, dictLabel: levelLabel } = useLookups(DictType.educationLevel);
  const schools = useAsync(() => schoolApi.options(), []);
  const schoolOptions = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  const [query, setQuery] = useState<MajorPageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => majorApi.page(query, signal), [query]);
  const [filters] = Form.useForm<{ schoolId?: number; collegeId?: number; name?: string }>();
  const filterSchool = Form.useWatch('schoolId', filters);
  const filterColleges = useColleges(filterSchool);

  const [form] = Form.useForm<Values>();
  const formSchool = Form.useWatch('schoolId', form);
  const formColleges = useColleges(formSchool);
  const [editing, setEditing] = useState<{ major: MajorView | null } | null>(null);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const m = editing.major;
    form.setFieldsValue(m ? { ...m, code: m.code ?? '' } : { schoolId: query.schoolId ?? schools.data?.[0]?.id, collegeId: query.collegeId, sort: 0, enabled: true });
  }, [editing, form, query.schoolId, query.collegeId, schools.data]);

  const collegeOptions = (state: ReturnType<typeof useColleges>) => (state.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));

  const search = () => {
    const f = filters.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, schoolId: f.schoolId, collegeId: f.collegeId, name: f.name?.trim() || undefined }));
  };
  const reset = () => {
    filters.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };

  const submit = async () => {
    const v = await form.validateFields();
    await majorApi.save({
      id: editing?.major?.id,
      collegeId: v.collegeId,
      name: v.name.trim(),
      nameEn: v.nameEn?.trim() ?? '',
      code: v.code?.trim() || null,
      educationLevel: v.educationLevel || null,
      sort: v.sort ?? 0,
      enabled: v.enabled,
    });
    toast(t('major.saved'), 'success');
    setEditing(null);
    list.reload();
  };

  const remove = async (m: MajorView) => {
    const deleted = await confirmDelete({ question: t('major.deleteConfirm', { name: m.name }), okText: t('common.delete'), done: t('major.deleted'), run: () => majorApi.remove(m.id) });
    if (!deleted) return;
    const lastOnPage = (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1;
    if (lastOnPage) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const columns: TableColumnsType<MajorView> = [
    {
      title: t('major.name'),
      dataIndex: 'name',
      width: 220,
      render: (name: string, m) => (
        <div>
          <div>{name}</div>
          {m.nameEn && <div className="reference-sub">{m.nameEn}</div>}
        </div>
      ),
    },
    { title: t('major.college'), dataIndex: 'collegeName', width: 200 },
    { title: t('college.school'), dataIndex: 'schoolName', width: 180 },
    { title: t('major.level'), dataIndex: 'educationLevel', width: 130, render: (v: string | null) => levelLabel(v) },
    { title: t('code'), dataIndex: 'code', width: 100, render: (v: string | null) => v || '-' },
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
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ major: m })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => void remove(m)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader
        title={t('major.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} disabled={!schools.data?.length} onClick={() => setEditing({ major: null })}>
              {t('major.add')}
            </Button>
          )
        }
      />
      <Form form={filters} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="schoolId" label={t('college.school')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('common.all')}
            style={{ width: 200 }}
            options={schoolOptions}
            onChange={() => filters.setFieldValue('collegeId', undefined)}
          />
        </Form.Item>
        <Form.Item name="collegeId" label={t('major.college')}>
          <Select allowClear disabled={!filterSchool} placeholder={filterSchool ? t('common.all') : t('major.chooseSchool')} style={{ width: 200 }} options={collegeOptions(filterColleges)} />
        </Form.Item>
        <Form.Item name="name" label={t('major.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<MajorView>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
      />
      <FormModal title={editing?.major ? t('major.edit') : t('major.add')} open={!!editing} onClose={() => setEditing(null)} onSubmit={submit}>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="schoolId" label={t('college.school')} rules={[{ required: true, message: t('college.schoolRequired') }]}>
            <Select showSearch optionFilterProp="label" options={schoolOptions} onChange={() => form.setFieldValue('collegeId', undefined)} />
          </Form.Item>
          <Form.Item name="collegeId" label={t('major.college')} rules={[{ required: true, message: t('major.collegeRequired') }]}>
            <Select disabled={!formSchool} options={collegeOptions(formColleges)} />
          </Form.Item>
          <Form.Item name="name" label={t('major.name')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="educationLevel" label={t('major.level')}>
              <Select allowClear options={levels} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="code" label={t('code')} rules={[{ max: 32 }]}>
              <Input maxLength={32} style={{ width: 120 }} />
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
