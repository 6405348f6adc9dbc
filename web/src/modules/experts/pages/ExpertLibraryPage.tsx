import { useState } from 'react';
import { Form, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPERT_SOURCES, EXPERT_TEMPLATE_COLUMNS, Perm, type ExpertCredential, type ExpertImportReply, type ExpertPageQuery, type ExpertSource, type ExpertView } from '@cmp/contracts';
import { actionsColumn, dateColumn, ListScreen, RowLinks, TextFilter, WIDE_ONLY } from '@/app/components/ListParts';
import { SheetImportButtons, type SheetTemplate } from '@/app/components/SheetImportModal';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useRowDialog } from '@/app/hooks/useRowDialog';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { expertApi, recommendApi } from '../api/experts.api';
import { ExpertFormModal } from '../components/ExpertFormModal';
import { LoginSlips } from '../components/LoginSlips';
import '../locales';

const template: SheetTemplate = {
  ns: 'experts',
  columns: EXPERT_TEMPLATE_COLUMNS,
  download: expertApi.downloadTemplate,
  check: expertApi.checkImport,
  importAll: expertApi.importExperts,
};

interface Filters {
  keyword?: string;
  source?: ExpertSource;
  status?: 'active' | 'disabled';
}

/** 专家库: the organisation's experts with search and paging; add, edit, import, disable, recommend to the parent. */
export default function ExpertLibraryPage() {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const canEdit = usePermission([Perm.expertEdit]);
  const [slips, setSlips] = useState<ExpertCredential[]>([]);

  const paged = usePagedList<ExpertView, ExpertPageQuery, Filters>(expertApi.page, (f) => ({
    keyword: f.keyword?.trim() || undefined,
    source: f.source,
    status: f.status,
  }));
  const dialog = useRowDialog<ExpertView>(paged.list.reload);

  const toggle = async (e: ExpertView) => {
    const active = e.status === 'active';
    if ((await confirmDialog(t(active ? 'library.disableConfirm' : 'library.enableConfirm', { name: e.name }), { danger: active })) !== 'confirm') return;
    try {
      await expertApi.setStatus(e.id, active ? 'disabled' : 'active');
      toast(t('library.statusChanged'), 'success');
      paged.list.reload();
    } catch {
      /* toasted */
    }
  };

  const recommend = async (e: ExpertView) => {
    if ((await confirmDialog(t('library.recommendConfirm', { name: e.name }))) !== 'confirm') return;
    try {
      await recommendApi.recommend(e.id);
      toast(t('library.recommended'), 'success');
    } catch {
      /* toasted */
    }
  };

  const columns: TableColumnsType<ExpertView> = [
    { title: t('name'), dataIndex: 'name', width: 120, fixed: 'left' },
    { title: t('title'), dataIndex: 'title', width: 100 },
    { title: t('unit'), dataIndex: 'unit', width: 180, ellipsis: true },
    { title: t('phone'), dataIndex: 'phone', width: 130 },
    { title: t('account'), dataIndex: 'username', width: 130, responsive: WIDE_ONLY, render: (v: string | null) => v || '—' },
    { title: t('subjects'), dataIndex: 'subjects', width: 180, ellipsis: true, render: (v: string[]) => v.map((s) => <Tag key={s}>{s}</Tag>) },
    { title: t('source'), dataIndex: 'source', width: 90, render: (v: ExpertSource) => t(`sources.${v}`) },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 80,
      render: (v: 'active' | 'disabled') => <Tag color={v === 'active' ? 'green' : 'default'}>{t(`statuses.${v}`)}</Tag>,
    },
    { ...dateColumn<ExpertView>(t('createdAt'), 'createdAt', lang, 'minute'), responsive: WIDE_ONLY },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn(t('common.actions'), lang === 'en' ? 280 : 210, (e) => (
        <RowLinks
          links={[
            { label: t('common.edit'), onClick: () => dialog.open(e) },
            { label: e.status === 'active' ? t('library.disable') : t('library.enable'), onClick: () => void toggle(e) },
            { label: t('library.recommend'), onClick: () => void recommend(e) },
          ]}
        />
      )),
    );
  }

  const imported = (reply?: unknown) => {
    paged.list.reload();
    const credentials = (reply as ExpertImportReply | undefined)?.credentials ?? [];
    if (credentials.length) setSlips(credentials);
  };

  return (
    <ListScreen
      paged={paged}
      title={t('library.title')}
      add={canEdit && { label: t('library.add'), onClick: () => dialog.open(null) }}
      extra={<SheetImportButtons template={template} canDownload={canEdit} canImport={canEdit} onImported={imported} />}
      filters={
        <>
          <TextFilter name="keyword" label={t('keyword')} placeholder={t('keywordPlaceholder')} width={220} />
          <Form.Item name="source" label={t('source')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={EXPERT_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 110 }}
              options={(['active', 'disabled'] as const).map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1400}
    >
      <ExpertFormModal {...dialog.modal} expert={dialog.editing?.row ?? null} onCredential={(c) => setSlips([c])} />
      <LoginSlips credentials={slips} onClose={() => setSlips([])} />
    </ListScreen>
  );
}
