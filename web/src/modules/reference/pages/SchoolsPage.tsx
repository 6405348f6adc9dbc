import { Form, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, EditDeleteLinks, EnabledTag, ListScreen, StatusFilter, TextFilter } from '@/app/components/ListParts';
import { Perm, SCHOOL_TEMPLATE_COLUMNS, type SchoolPageQuery, type SchoolView } from '@cmp/contracts';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useRowDialog } from '@/app/hooks/useRowDialog';
import '@/app/components/page.css';
import { SheetImportButtons, type SheetTemplate } from '@/app/components/SheetImportModal';
import { schoolApi } from '../api/reference.api';
import { SchoolFormModal } from '../components/SchoolFormModal';
import { NameCell } from '../components/ReferenceParts';
import { useLookups } from '../hooks/useLookups';
import '../components/reference.css';
import '../locales';

const template: SheetTemplate = {
  ns: 'reference',
  columns: SCHOOL_TEMPLATE_COLUMNS,
  download: schoolApi.downloadTemplate,
  check: schoolApi.checkImport,
  importAll: schoolApi.importSchools,
};

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

  const paged = usePagedList<SchoolView, SchoolPageQuery, Filters>(schoolApi.page, (f) => ({
    name: f.name?.trim() || undefined,
    provinceCode: f.provinceCode,
    enabled: f.enabled,
  }));
  const dialog = useRowDialog<SchoolView>(paged.list.reload);

  const toggle = async (s: SchoolView) => {
    const question = s.enabled ? t('school.disableConfirm', { name: s.name }) : t('school.enableConfirm', { name: s.name });
    if ((await confirmDialog(question, { danger: s.enabled })) !== 'confirm') return;
    try {
      await schoolApi.setEnabled(s.id, !s.enabled);
      toast(t('school.statusChanged'), 'success');
      paged.list.reload();
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
    if (deleted) paged.afterDelete();
  };

  const columns: TableColumnsType<SchoolView> = [
    { title: t('school.name'), dataIndex: 'name', width: 220, fixed: 'left', render: (_: string, s) => <NameCell row={s} /> },
    { title: t('school.code'), dataIndex: 'code', width: 130 },
    { title: t('common.status'), dataIndex: 'enabled', width: 90, render: (on: boolean) => <EnabledTag enabled={on} /> },
    { title: t('school.province'), dataIndex: 'provinceName', width: 130, render: (_: string, s) => (en ? s.provinceNameEn : s.provinceName) },
    { title: t('school.type'), dataIndex: 'schoolType', width: 170, render: (v: string) => dictLabel(v) },
    { title: t('school.colleges'), dataIndex: 'collegeCount', width: 90 },
    { title: t('school.updatedAt'), dataIndex: 'updatedAt', width: 180, render: (v: string) => formatDateTime(v, en ? 'en' : 'zh-CN') },
  ];
  const toggleLink = (s: SchoolView) => ({ label: s.enabled ? t('disable') : t('enable'), onClick: () => void toggle(s) });
  if (can.edit) columns.push(actionsColumn(t('common.actions'), en ? 200 : 170, (s) => <EditDeleteLinks onEdit={() => dialog.open(s)} onDelete={() => void remove(s)} between={[toggleLink(s)]} />));

  return (
    <ListScreen
      paged={paged}
      title={t('school.title')}
      add={can.edit && { label: t('school.add'), onClick: () => dialog.open(null) }}
      extra={<SheetImportButtons template={template} canDownload={can.import} canImport={can.import} onImported={paged.list.reload} />}
      filters={
        <>
          <TextFilter name="name" label={t('keyword')} placeholder={t('school.keywordPlaceholder')} width={220} />
          <Form.Item name="provinceCode" label={t('school.province')}>
            <Select allowClear showSearch optionFilterProp="label" placeholder={t('common.all')} style={{ width: 160 }} options={provinceOptions} />
          </Form.Item>
          <StatusFilter name="enabled" values={[true, false]} />
        </>
      }
      columns={columns}
      scrollX={1100}
    >
      <SchoolFormModal {...dialog.modal} school={dialog.editing?.row ?? null} provinces={provinceOptions} types={dictOptions} />
    </ListScreen>
  );
}
