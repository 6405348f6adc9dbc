import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CERTIFICATE_TEMPLATE_CATEGORIES, type CertificateDesign, type TemplateQuery } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { confirmDelete } from '@/app/feedback/feedback';
import { currentLang } from '@/app/i18n';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { PreviewModal } from '@/app/components/certificate/PreviewModal';
import { sampleValues } from '@/app/components/certificate/sample';
import { useOrganisationSeal } from '@/app/components/certificate/useOrganisationSeal';
import type zhDesigner from '@/app/i18n/certificate-designer/zh-CN';
import { certAdminApi, type TemplateRow } from '../api/certificate-admin.api';
import { LinkButton, NS, PATHS, useCanEdit, useCategoryLabel, useNumberingLabel } from '../components/shared';
import { dateColumn } from '@/app/components/ListParts';
import { useLang } from '@/app/i18n/hooks';

const BASE: TemplateQuery = { pageNum: 1, pageSize: 10 };

/** 证书模板 (certificate/template/index): the organisation's templates; new ones start from a category in the designer. */
export default function TemplatesPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const categoryLabel = useCategoryLabel();
  const numberingLabel = useNumberingLabel();
  const lang = useLang();
  const [query, setQuery] = useState<TemplateQuery>(BASE);
  const list = useAsync((signal) => certAdminApi.templatePage(query, signal), [query]);
  const [form] = Form.useForm<{ name?: string; category?: string }>();
  const [choosing, setChoosing] = useState(false);
  const [preview, setPreview] = useState<CertificateDesign | null>(null);

  const search = () => {
    const f = form.getFieldsValue();
    setQuery((q) => ({ ...BASE, pageSize: q.pageSize, name: f.name?.trim() || undefined, category: f.category }));
  };
  const reset = () => {
    form.resetFields();
    setQuery((q) => ({ ...BASE, pageSize: q.pageSize }));
  };
  const remove = async (row: TemplateRow) => {
    const deleted = await confirmDelete({ question: t('template.deleteConfirm', { name: row.name }), okText: t('common.delete'), done: t('template.deleted'), run: () => certAdminApi.templateDelete(row.id) });
    if (!deleted) return;
    if ((list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };
  const openPreview = async (row: TemplateRow) => {
    try {
      setPreview((await certAdminApi.templateDetail(row.id)).design as CertificateDesign);
    } catch {
      /* toasted */
    }
  };

  const orientation = (category: string) => CERTIFICATE_TEMPLATE_CATEGORIES.find((c) => c.id === category)?.orientation ?? 'landscape';
  const columns: TableColumnsType<TemplateRow> = [
    { title: t('template.name'), dataIndex: 'name', width: 200, render: (name: string, row) => (canEdit ? <a onClick={() => navigate(`${PATHS.designer}?id=${row.id}`)}>{name}</a> : name) },
    { title: t('template.category'), dataIndex: 'category', width: 200, render: (c: string) => categoryLabel(c) },
    { title: t('template.orientation'), key: 'orientation', width: 90, render: (_, row) => <Tag>{t(`template.${orientation(row.category)}`)}</Tag> },
    { title: t('template.numbering'), dataIndex: 'numbering', width: 220, render: (_, row) => numberingLabel(row.numbering) },
    dateColumn(t('template.updatedAt'), 'updatedAt', lang, 'minute'),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: lang === 'en' ? 240 : 200,
      render: (_, row) => (
        <Space size={0}>
          <LinkButton onClick={() => void openPreview(row)}>{t('template.preview')}</LinkButton>
          {canEdit && <LinkButton onClick={() => navigate(`${PATHS.designer}?id=${row.id}`)}>{t('template.edit')}</LinkButton>}
          {canEdit && (
            <LinkButton danger onClick={() => void remove(row)}>
              {t('common.delete')}
            </LinkButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="system-page" data-testid="ca-templates">
      <PageHeader
        title={t('template.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setChoosing(true)} data-testid="ca-template-add">
              {t('template.add')}
            </Button>
          )
        }
      />
      <Form form={form} layout="inline" className="search-form" onFinish={search}>
        <Form.Item name="name" label={t('template.name')}>
          <Input allowClear placeholder={t('template.namePlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="category" label={t('template.category')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 260 }} options={CERTIFICATE_TEMPLATE_CATEGORIES.map((c) => ({ value: c.id, label: categoryLabel(c.id) }))} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<TemplateRow>
        rowKey="id"
        list={list}
        query={query}
        setQuery={setQuery}
        columns={columns}
        scroll={{ x: 1075 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.empty')} /> }}
      />
      <CategoryChooser open={choosing} onClose={() => setChoosing(false)} onChoose={(id) => navigate(`${PATHS.designer}?category=${id}`)} />
      {preview && <TemplatePreview design={preview} onClose={() => setPreview(null)} />}
    </div>
  );
}

function CategoryChooser({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (id: string) => void }) {
  const { t } = useTranslation(NS);
  const categoryLabel = useCategoryLabel();
  return (
    <Modal open={open} title={t('template.chooseCategory')} onCancel={onClose} footer={null} width={760}>
      <Alert type="info" showIcon message={t('template.chooseHint')} className="ca-hint" />
      <div className="ca-categories">
        {CERTIFICATE_TEMPLATE_CATEGORIES.map((c) => (
          <Card key={c.id} hoverable onClick={() => onChoose(c.id)} data-testid={`ca-category-${c.id}`}>
            <div className="ca-category__name">{categoryLabel(c.id)}</div>
            <Tag>{t(`template.${c.orientation}`)}</Tag>
          </Card>
        ))}
      </div>
    </Modal>
  );
}

/** The designer's preview (same renderer and sample data as the worker and the designer). */
function TemplatePreview({ design, onClose }: { design: CertificateDesign; onClose: () => void }) {
  const { i18n } = useTranslation('certificateDesigner');
  const lang = currentLang();
  // The seal that will print: the organisation's, or none (never a sample the PDFs would not have).
  const seal = useOrganisationSeal(true);
  const samples = useMemo(() => {
    const m = i18n.getResourceBundle(lang, 'certificateDesigner') as typeof zhDesigner;
    return sampleValues(m.sample, m.starter.issuer, seal);
  }, [i18n, lang, seal]);
  // Opens once the seal is known: a sample seal shown meanwhile would claim a seal the PDFs will not have.
  return <PreviewModal design={design} samples={samples} open={seal !== undefined} onClose={onClose} />;
}
