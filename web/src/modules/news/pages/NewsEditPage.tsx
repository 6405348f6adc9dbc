import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Result, Select, Space, Spin, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NEWS_CATEGORIES, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX, Perm, type NewsDetail } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { competitionApi } from '@/app/api/competition.api';
import { newsApi, uploadImage } from '@/app/api/news.api';
import { RichTextField } from '@/app/components/rich-text/RichTextField';
import { DETAIL_PATH } from '../components/NewsListScreen';
import '@/app/i18n/news';
import '../components/news.css';


interface Values {
  title: string;
  summary?: string;
  coverUrl?: string | null;
  category: number;
  competitionId?: number | null;
  top?: boolean;
  content: string;
}

function CoverField({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation('news');
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" wrap>
      {value && <img className="news-cover" src={value} alt={t('edit.cover')} />}
      <Space direction="vertical" size={4}>
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              onChange?.((await uploadImage(file as Blob)).url);
              toast(t('edit.uploaded'), 'success');
            } catch {
              /* the HTTP client showed why */
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} className="news-cover__upload">
            {t('edit.uploadCover')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('edit.removeCover')}
          </Button>
        )}
        <span className="ant-form-item-extra">{t('edit.coverHint')}</span>
      </Space>
    </Space>
  );
}

/** Add or edit a news item (?id= edits). Organisers publish; editors of subordinate organisations submit for approval. */
export default function NewsEditPage() {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const checker = usePermission([Perm.newsCheck]);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const item = useAsync<NewsDetail>((signal) => newsApi.detail(id!, signal), [id], !!id);
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  // Written from a competition's detail page: attached to it from the start.
  const forCompetition = Number(params.get('competitionId')) || undefined;

  useEffect(() => {
    if (item.data) form.setFieldsValue({ ...item.data, summary: item.data.summary || undefined });
  }, [item.data, form]);

  const save = async (publish: boolean) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const saved = await newsApi.save({
        id,
        title: v.title.trim(),
        summary: v.summary?.trim() ?? '',
        coverUrl: v.coverUrl || null,
        category: v.category,
        competitionId: v.competitionId || null,
        top: checker ? !!v.top : undefined,
        content: v.content,
        publish,
      });
      toast(!publish ? t('edit.saved') : saved.status === 'published' ? t('edit.published') : t('edit.submitted'), 'success');
      navigate(`${DETAIL_PATH}?id=${saved.id}`);
    } catch {
      /* toasted by the HTTP client */
    } finally {
      setSaving(false);
    }
  };

  if (id && item.error) return <Result status="404" title={t('edit.notFound')} />;
  return (
    <div className="news-page news-edit">
      <div className="news-page__header">
        <h2 className="news-page__title">{id ? t('edit.editTitle') : t('edit.addTitle')}</h2>
      </div>
      {item.data?.status === 'rejected' && item.data.rejectReason && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('edit.rejectedBecause', { reason: item.data.rejectReason })} />
      )}
      <Spin spinning={!!id && item.loading}>
        <Form form={form} layout="vertical" initialValues={{ category: 1, top: false, competitionId: forCompetition }} style={{ maxWidth: 960 }}>
          <Form.Item name="title" label={t('edit.newsTitle')} rules={[{ required: true, whitespace: true, message: t('edit.titleRequired') }, { max: NEWS_TITLE_MAX }]}>
            <Input maxLength={NEWS_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="summary" label={t('edit.summary')} rules={[{ max: NEWS_SUMMARY_MAX }]}>
            <Input.TextArea rows={2} maxLength={NEWS_SUMMARY_MAX} showCount placeholder={t('edit.summaryPlaceholder')} />
          </Form.Item>
          <Space size="large" wrap align="start">
            <Form.Item name="category" label={t('edit.category')} rules={[{ required: true, message: t('edit.categoryRequired') }]}>
              <Select style={{ width: 200 }} options={NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
            </Form.Item>
            <Form.Item name="competitionId" label={t('edit.competitionId')} extra={t('edit.competitionHint')}>
              <Select allowClear showSearch optionFilterProp="label" style={{ width: 280 }} loading={competitions.loading} options={competitions.data} />
            </Form.Item>
            {checker && (
              <Form.Item name="top" label={t('edit.top')} valuePropName="checked">
                <Checkbox />
              </Form.Item>
            )}
          </Space>
          <Form.Item name="coverUrl" label={t('edit.cover')}>
            <CoverField />
          </Form.Item>
          <Form.Item name="content" label={t('edit.content')} rules={[{ required: true, message: t('edit.contentRequired') }]}>
            <RichTextField />
          </Form.Item>
          <Space>
            <GuardedButton onClick={() => void save(false)} loading={saving}>
              {t('edit.saveDraft')}
            </GuardedButton>
            <GuardedButton type="primary" onClick={() => void save(true)} loading={saving}>
              {checker ? t('edit.publish') : t('edit.submit')}
            </GuardedButton>
            <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          </Space>
        </Form>
      </Spin>
    </div>
  );
}
