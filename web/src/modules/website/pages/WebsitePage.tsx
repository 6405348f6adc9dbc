import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Image, Input, Radio, Row, Select, Space, Tag, TreeSelect, Typography, Upload } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorCode, isSiteLink, Perm, TEMPLATE_TYPES, type GroupNode, type WebsiteSetting } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { HttpError } from '@/app/http/client';
import { usePermission } from '@/app/permission/permission';
import { readGroupId } from '@/app/session/session';
import { groupApi } from '@/app/api/group.api';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { uploadImage } from '@/app/api/news.api';
import { websiteApi } from '../api/website.api';
import '../locales';
import '@/app/components/page.css';
import './website.css';

const TEMS = ['home', 'competition', 'news', 'cpNews', 'introductionPlatform', 'expendingServices', 'solve', 'research'];
const MAX_BANNERS = 10;
const IMAGE_URL = /^(\/prod-api\/|https:\/\/)\S+$/;
const LINK = /^$|^\/home\/\S*$|^https:\/\/\S+$/;

type SiteForm = Omit<WebsiteSetting, 'groupId'>;

interface GroupOption {
  value: number;
  title: string;
  children: GroupOption[];
}
const toTreeData = (nodes: GroupNode[]): GroupOption[] => nodes.map((g) => ({ value: g.id, title: g.name, children: toTreeData(g.children) }));
const findGroup = (nodes: GroupNode[], id: number): GroupNode | undefined => {
  for (const g of nodes) {
    if (g.id === id) return g;
    const hit = findGroup(g.children, id);
    if (hit) return hit;
  }
  return undefined;
};

/** A small drawing of each template, so an organiser sees what they choose. */
function TemplateSketch({ type }: { type: number }) {
  return (
    <div className={`website-sketch website-sketch--${type}`}>
      <div className="website-sketch__hero" />
      <div className="website-sketch__body">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}

/** Website settings of an organisation: template, description, navigation and banners of its public site. */
export default function WebsitePage() {
  const { t } = useTranslation('website');
  const canEdit = usePermission([Perm.websiteEdit]);
  const groups = useAsync(() => groupApi.tree(), []);
  const [groupId, setGroupId] = useState<number | null>(readGroupId());
  const [form] = Form.useForm<SiteForm>();
  const [missing, setMissing] = useState(false);
  const current = useAsync(
    (signal) =>
      websiteApi.get(groupId!, signal).then(
        (s) => {
          setMissing(false);
          return s;
        },
        (err: unknown) => {
          // 10404 is "no site yet": the form starts from a blank site instead of failing.
          if (!(err instanceof HttpError) || err.code !== ErrorCode.NOT_FOUND) throw err;
          setMissing(true);
          return null;
        },
      ),
    [groupId],
    groupId !== null,
  );

  useEffect(() => {
    if (current.loading) return;
    const s = current.data;
    form.setFieldsValue(
      s
        ? { templateType: s.templateType, description: s.description, navigationSettings: s.navigationSettings, banners: s.banners ?? [] }
        : { templateType: 1, description: '', navigationSettings: [{ name: '首页', tem: 'home', children: [] }], banners: [] },
    );
  }, [current.data, current.loading, form]);

  const group = useMemo(() => (groups.data && groupId ? findGroup(groups.data, groupId) : undefined), [groups.data, groupId]);

  const save = async () => {
    const v = await form.validateFields();
    await websiteApi.save({ groupId: groupId!, ...v, banners: v.banners ?? [] });
    toast(t('saved'), 'success');
    current.reload();
  };

  return (
    <div className="system-page website-page">
      <PageHeader
        title={t('title')}
        extra={
          <>
            <Button icon={<EyeOutlined />} disabled={!groupId} href={`/home/homepage?groupId=${groupId}`} target="_blank">
              {t('preview')}
            </Button>
            {canEdit && (
              <GuardedButton type="primary" onClick={() => void save().catch(() => undefined)} disabled={!groupId || current.loading}>
                {t('save')}
              </GuardedButton>
            )}
          </>
        }
      />
      <Space wrap className="website-page__org">
        <span>{t('organisation')}</span>
        <TreeSelect
          style={{ minWidth: 260 }}
          treeDefaultExpandAll
          loading={groups.loading}
          value={groupId ?? undefined}
          treeData={toTreeData(groups.data ?? [])}
          onChange={(v: number) => setGroupId(v)}
        />
        {group && (
          <span className="website-page__hosts">
            {t('hosts')}:{' '}
            {group.hosts.length ? group.hosts.map((h) => <Tag key={h}>{h}</Tag>) : <Typography.Text type="secondary">{t('hostsNone', { id: group.id })}</Typography.Text>}
            <Typography.Text type="secondary"> · {t('hostsHint')}</Typography.Text>
          </span>
        )}
      </Space>
      <LoadError error={current.error} onRetry={current.reload} />
      {missing && <Alert type="info" showIcon message={t('notSet')} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" disabled={!canEdit || current.loading}>
        <Card title={t('template.title')} size="small" className="website-card">
          <Form.Item name="templateType" noStyle>
            <Radio.Group className="website-templates">
              {TEMPLATE_TYPES.map((type) => (
                <Radio key={type} value={type} className="website-template">
                  <TemplateSketch type={type} />
                  <strong>{t(`template.${type}`)}</strong>
                  <div className="website-template__desc">{t(`template.${type}Desc`)}</div>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Card>
        <Card title={t('description')} size="small" className="website-card">
          <Form.Item name="description" extra={t('descriptionHint')} style={{ marginBottom: 0 }}>
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
        </Card>
        <Card title={t('nav.title')} size="small" className="website-card">
          <Form.List name="navigationSettings">
            {(entries, { add, remove, move }) => (
              <>
                {entries.map((entry, i) => (
                  <div key={entry.key} className="website-nav">
                    <Row gutter={8} align="top">
                      <Col xs={24} md={7}>
                        <Form.Item name={[entry.name, 'name']} label={t('nav.name')} rules={[{ required: true, whitespace: true, message: t('nav.nameRequired') }]}>
                          <Input maxLength={50} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={7}>
                        <Form.Item name={[entry.name, 'tem']} label={t('nav.tem')} rules={[{ required: true }]}>
                          <Select options={TEMS.map((tem) => ({ value: tem, label: t(`tems.${tem}`) }))} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={10} className="website-nav__actions">
                        <Button icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('nav.up')} />
                        <Button icon={<ArrowDownOutlined />} disabled={i === entries.length - 1} onClick={() => move(i, i + 1)} aria-label={t('nav.down')} />
                        <Button danger icon={<DeleteOutlined />} onClick={() => remove(i)}>
                          {t('nav.remove')}
                        </Button>
                      </Col>
                    </Row>
                    <Form.List name={[entry.name, 'children']}>
                      {(children, sub) => (
                        <div className="website-nav__children">
                          {children.map((child) => (
                            <Space key={child.key} align="start" wrap>
                              <Form.Item name={[child.name, 'name']} rules={[{ required: true, whitespace: true, message: t('nav.nameRequired') }]}>
                                <Input placeholder={t('nav.childName')} maxLength={50} />
                              </Form.Item>
                              <Form.Item name={[child.name, 'path']} rules={[{ required: true, validator: async (_, v: unknown) => { if (!isSiteLink(v)) throw new Error(t('nav.pathInvalid')); } }]}>
                                <Input placeholder={t('nav.childPath')} style={{ width: 240 }} maxLength={200} />
                              </Form.Item>
                              <Form.Item name={[child.name, 'dictValue']}>
                                <Input placeholder={t('nav.childValue')} style={{ width: 110 }} maxLength={64} />
                              </Form.Item>
                              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => sub.remove(child.name)} aria-label={t('nav.remove')} />
                            </Space>
                          ))}
                          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => sub.add({ name: '', path: '/home/', dictValue: '' })}>
                            {t('nav.addChild')}
                          </Button>
                        </div>
                      )}
                    </Form.List>
                  </div>
                ))}
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', tem: 'home', children: [] })}>
                  {t('nav.add')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card title={t('banner.title')} size="small" className="website-card">
          <Form.List name="banners">
            {(banners, { add, remove }) => (
              <>
                {!banners.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('banner.empty')} />}
                {banners.map((banner) => (
                  <Row key={banner.key} gutter={8} align="top" className="website-banner">
                    <Col xs={24} md={4}>
                      <Form.Item noStyle shouldUpdate>
                        {() => {
                          const url = form.getFieldValue(['banners', banner.name, 'imageUrl']) as string | undefined;
                          return url && IMAGE_URL.test(url) ? <Image src={url} height={56} /> : <div className="website-banner__blank" />;
                        }}
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Space.Compact style={{ width: '100%' }}>
                        <Form.Item name={[banner.name, 'imageUrl']} rules={[{ required: true, pattern: IMAGE_URL, message: t('banner.imageInvalid') }]} style={{ flex: 1 }}>
                          <Input placeholder={t('banner.imageUrl')} maxLength={500} />
                        </Form.Item>
                        <Upload
                          accept="image/png,image/jpeg,image/gif,image/webp"
                          showUploadList={false}
                          customRequest={({ file, onSuccess, onError }) => {
                            // The gateway judges the file by its bytes and says what is wrong with it.
                            uploadImage(file as Blob).then(
                              (uploaded) => {
                                form.setFieldValue(['banners', banner.name, 'imageUrl'], uploaded.url);
                                onSuccess?.(uploaded);
                              },
                              (err: Error) => {
                                toast(err.message, 'error');
                                onError?.(err);
                              },
                            );
                          }}
                        >
                          <Button icon={<UploadOutlined />} aria-label={t('banner.upload')} />
                        </Upload>
                      </Space.Compact>
                    </Col>
                    <Col xs={24} md={5}>
                      <Form.Item name={[banner.name, 'title']}>
                        <Input placeholder={t('banner.caption')} maxLength={100} />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={6}>
                      <Form.Item name={[banner.name, 'link']} rules={[{ pattern: LINK, message: t('banner.linkInvalid') }]}>
                        <Input placeholder={t('banner.link')} maxLength={500} />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={1}>
                      <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(banner.name)} aria-label={t('nav.remove')} />
                    </Col>
                  </Row>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={banners.length >= MAX_BANNERS}
                  title={banners.length >= MAX_BANNERS ? t('banner.max', { max: MAX_BANNERS }) : undefined}
                  onClick={() => add({ imageUrl: '', title: '', link: '' })}
                >
                  {t('banner.add')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
      </Form>
    </div>
  );
}
