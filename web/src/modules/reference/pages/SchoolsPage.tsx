import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { Perm, SCHOOL_TEMPLATE_COLUMNS, type SchoolPageQuery, type SchoolView } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import '@/app/components/page.css';
import { schoolApi } from '../api/reference.api';
import { SchoolFormModal } from '../components/SchoolFormModal';
import { SheetImportModal } from '@/app/components/SheetImportModal';
import { useLookups } from '../hooks/useLookups';
import '../components/reference.css';
import '../locales';

interface Filters {
  name?: string;
  provinceCode?: string;
  enabled?: boolean;
}

/** Schools of the caller's organisations: search, paging, add/edit, enable/disable, delete, template and import. */
export default function SchoolsPage() {
  const { t } = useTranslation('reference');
  const can = { edit: usePermission([Perm.schoolEdit]), import: usePermission([Perm.schoolImport]) };
  const { en, provinceOptions, dictOptions, dictLabel } = useLookups();

  const [query, setQuery] = useState<SchoolPageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => schoolApi.page(query, signal), [query]);
  const [form] = Form.useForm<Filters>();
  const [editing, setEditing] = useState<{ school: SchoolView | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, name: f.name?.trim() || undefined, provinceCode: f.provinceCode, enabled: f.enabled }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }));
  };

  const toggle = async (s: SchoolView) => {
    const question = s.enabled ? t('school.disableConfirm', { name: s.name }) : t('school.enableConfirm', { name: s.name });
    if ((await confirmDialog(question, { danger: s.enabled })) !== 'confirm') return;
    try {
      await schoolApi.setEnabled(s.id, !s.enabled);
      toast(t('school.statusChanged'), 'success');
      list.reload();
    } catch {
      /* toasted */
    }
  };

  const remove = async (s: SchoolView) => {
    const deleted = await confirmDelete({
      question: t('school.deleteConfirm', { name: s.name }),
      okText: t('common.delete'),
      done: t('school.deleted'),
      run: () => schoolApi.remove(s.id),
    });
    if (!deleted) return;
    const lastOnPage = (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1;
    if (lastOnPage) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await schoolApi.downloadTemplate(t('import.title') + '.xlsx');
    } catch {
      /* toasted */
    } finally {
      setDownloading(false);
    }
  };

  const columns: TableColumnsType<SchoolView> = [
    {
      title: t('school.name'),
      dataIndex: 'name',
      width: 220,
      fixed: 'left',
      render: (name: string, s) => (
        <div>
          <div>{name}</div>
          {s.nameEn && <div className="reference-sub">{s.nameEn}</div>}
        </div>
      ),
    },
    { title: t('school.code'), dataIndex: 'code', width: 130 },
    {
      title: t('common.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean) => (on ? <Tag color="green">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>),
    },
    { title: t('school.province'), dataIndex: 'provinceName', width: 130, render: (_: string, s) => (en ? s.provinceNameEn : s.provinceName) },
    { title: t('school.type'), dataIndex: 'schoolType', width: 170, render: (v: string) => dictLabel(v) },
    { title: t('school.colleges'), dataIndex: 'collegeCount', width: 90 },
    { title: t('school.updatedAt'), dataIndex: 'updatedAt', width: 180, render: (v: string) => formatDateTime(v, en ? 'en' : 'zh-CN') },
  ];
  if (can.edit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: en ? 200 : 170,
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ school: s })}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => void toggle(s)}>
            {s.enabled ? t('disable') : t('enable')}
          </Button>
          <Button type="link" size="small" danger onClick={() => void remove(s)}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div className="system-page">
      <PageHeader
        title={t('school.title')}
        extra={
          <>
            {can.edit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ school: null })}>
                {t('school.add')}
              </Button>
            )}
            {can.import && (
              <>
                <GuardedButton icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()}>
                  {t('import.templateDownload')}
                </GuardedButton>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('import.button')}
                </Button>
              </>
            )}
          </>
        }
      />
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="name" label={t('keyword')}>
          <Input allowClear placeholder={t('school.keywordPlaceholder')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="provinceCode" label={t('school.province')}>
          <Select allowClear showSearch optionFilterProp="label" placeholder={t('common.all')} style={{ width: 160 }} options={provinceOptions} />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.status')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[
              { value: true, label: t('common.enabled') },
              { value: false, label: t('common.disabled') },
            ]}
          />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<SchoolView>
        list={list}
        query={query}
        setQuery={setQuery}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
      />
      <SchoolFormModal
        open={!!editing}
        school={editing?.school ?? null}
        provinces={provinceOptions}
        types={dictOptions}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <SheetImportModal
        ns="reference"
        columns={SCHOOL_TEMPLATE_COLUMNS}
        check={schoolApi.checkImport}
        importAll={schoolApi.importSchools}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={list.reload}
      />
    </div>
  );
}
