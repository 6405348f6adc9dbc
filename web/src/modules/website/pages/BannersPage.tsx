import { useEffect, useState } from 'react';
import { Button, Empty, Form, Image, Input, Table, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EyeOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BANNER_MIN_SIZE, BANNER_SIZE, ErrorCode, MAX_BANNERS, Perm, type Banner } from '@cmp/contracts';
import { FormModal } from '@/app/components/FormModal';
import { EditDeleteLinks, actionsColumn } from '@/app/components/ListParts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { HttpError } from '@/app/http/client';
import { useAsync } from '@/app/hooks/useAsync';
import { usePermission } from '@/app/permission/permission';
import { readGroupId } from '@/app/session/session';
import { groupApi } from '@/app/api/group.api';
import { SiteOrganisationPicker } from '../components/SiteOrganisationPicker';
import { websiteApi } from '../api/website.api';
import '../locales';
import '@/app/components/page.css';
import './website.css';

const IMAGE_URL = /^(\/prod-api\/|https:\/\/)\S+$/;
const LINK = /^$|^\/home\/\S*$|^https:\/\/\S+$/;

/** 网站横幅: the slides of an organisation's homepage carousel, in order; each change is saved at once. */
export default function BannersPage() {
  const { t } = useTranslation('website');
  const canEdit = usePermission([Perm.websiteEdit]);
  const groups = useAsync(() => groupApi.tree(), []);
  const [groupId, setGroupId] = useState<number | null>(readGroupId());
  const site = useAsync(
    (signal) =>
      websiteApi.get(groupId!, signal).catch((err: unknown) => {
        // No site yet: it has no banners, and the first one saved makes the site.
        if (err instanceof HttpError && err.code === ErrorCode.NOT_FOUND) return null;
        throw err;
      }),
    [groupId],
    groupId !== null,
  );
  const banners = site.data?.banners ?? [];
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);

  const store = async (next: Banner[], done: string) => {
    await websiteApi.saveBanners(groupId!, next);
    toast(done, 'success');
    site.reload();
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...banners];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    void store(next, t('banners.moved'));
  };
  const remove = (i: number) =>
    confirmDelete({
      question: t('banners.deleteConfirm', { title: banners[i].title || t('banners.untitled') }),
      okText: t('banners.delete'),
      done: t('banners.deleted'),
      run: () => websiteApi.saveBanners(groupId!, banners.filter((_, j) => j !== i)),
    }).then((deleted) => deleted && site.reload());

  const columns: TableColumnsType<Banner & { index: number }> = [
    { title: t('banners.order'), dataIndex: 'index', width: 60, render: (i: number) => i + 1 },
    { title: t('banners.image'), dataIndex: 'imageUrl', width: 150, render: (url: string) => <Image src={url} width={128} height={34} style={{ objectFit: 'cover', borderRadius: 4 }} /> },
    { title: t('banner.caption'), dataIndex: 'title', width: 200, render: (v: string) => v || <Typography.Text type="secondary">{t('banners.untitled')}</Typography.Text> },
    // The link is on the edit dialog: phones show order, image, caption and actions.
    { title: t('banner.link'), dataIndex: 'link', ellipsis: true, responsive: ['md'], render: (v: string) => v || <Typography.Text type="secondary">{t('banners.noLink')}</Typography.Text> },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn(t('common.actions'), 170, (b) => (
        <EditDeleteLinks
          onEdit={() => setEditing({ index: b.index })}
          onDelete={() => void remove(b.index)}
          between={[
            { label: <ArrowUpOutlined aria-label={t('banners.up')} />, onClick: () => move(b.index, -1), hidden: b.index === 0 },
            { label: <ArrowDownOutlined aria-label={t('banners.down')} />, onClick: () => move(b.index, 1), hidden: b.index === banners.length - 1 },
          ]}
        />
      )),
    );
  }

  return (
    <div className="system-page website-page">
      <PageHeader
        title={t('banners.title')}
        extra={
          <>
            <Button icon={<EyeOutlined />} disabled={!groupId} href={`/home/homepage?groupId=${groupId}`} target="_blank">
              {t('preview')}
            </Button>
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!groupId || site.loading || banners.length >= MAX_BANNERS}
                title={banners.length >= MAX_BANNERS ? t('banner.max', { max: MAX_BANNERS }) : undefined}
                onClick={() => setEditing({ index: null })}
                data-testid="banner-add"
              >
                {t('banner.add')}
              </Button>
            )}
          </>
        }
      />
      <SiteOrganisationPicker groups={groups} groupId={groupId} onChange={setGroupId} />
      <LoadError error={site.error} onRetry={site.reload} />
      <Table
        rowKey="index"
        loading={site.loading}
        columns={columns}
        dataSource={banners.map((b, index) => ({ ...b, index }))}
        pagination={false}
        scroll={{ x: 580 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('banner.empty')} /> }}
      />
      <BannerModal
        banner={editing && editing.index !== null ? banners[editing.index] : null}
        open={!!editing}
        onClose={() => setEditing(null)}
        onSubmit={async (b) => {
          const next = editing!.index === null ? [...banners, b] : banners.map((old, i) => (i === editing!.index ? b : old));
          await store(next, t('banners.saved'));
          setEditing(null);
        }}
      />
    </div>
  );
}

/** A banner's image (uploaded and cut by the server, or an https address), caption and link. */
function BannerModal({ banner, open, onClose, onSubmit }: { banner: Banner | null; open: boolean; onClose: () => void; onSubmit: (b: Banner) => Promise<void> }) {
  const { t } = useTranslation('website');
  const [form] = Form.useForm<Banner>();
  const [uploading, setUploading] = useState(false);
  const imageUrl = Form.useWatch('imageUrl', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(banner ?? { imageUrl: '', title: '', link: '' });
  }, [open, banner, form]);

  return (
    <FormModal title={banner ? t('banners.edit') : t('banner.add')} open={open} onClose={onClose} onSubmit={async () => onSubmit(await form.validateFields())} width={640}>
      <Form form={form} layout="vertical">
        <Upload.Dragger
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          disabled={uploading}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading(true);
            websiteApi
              .uploadBanner(file as Blob)
              .then((uploaded) => {
                form.setFieldValue('imageUrl', uploaded.url);
                void form.validateFields(['imageUrl']);
                onSuccess?.(uploaded);
              })
              // What is wrong with the file (the server's words) was shown by the HTTP client.
              .catch((err: Error) => onError?.(err))
              .finally(() => setUploading(false));
          }}
        >
          {imageUrl && IMAGE_URL.test(imageUrl) ? (
            <img className="banner-preview" src={imageUrl} alt="" />
          ) : (
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
          )}
          <p className="ant-upload-text">{uploading ? t('banners.uploading') : t('banners.drop')}</p>
          <p className="ant-upload-hint">
            {t('banners.hint', { width: BANNER_SIZE.width, height: BANNER_SIZE.height, minWidth: BANNER_MIN_SIZE.width, minHeight: BANNER_MIN_SIZE.height })}
          </p>
        </Upload.Dragger>
        <Form.Item name="imageUrl" label={t('banner.imageUrl')} rules={[{ required: true, pattern: IMAGE_URL, message: t('banner.imageInvalid') }]} style={{ marginTop: 16 }}>
          <Input maxLength={500} placeholder={t('banners.imageUrlPlaceholder')} />
        </Form.Item>
        <Form.Item name="title" label={t('banner.caption')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="link" label={t('banner.link')} rules={[{ pattern: LINK, message: t('banner.linkInvalid') }]} extra={t('banners.linkHint')}>
          <Input maxLength={500} placeholder="/home/competition" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
