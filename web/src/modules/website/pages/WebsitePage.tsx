import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SiteOrganisationPicker } from '../components/SiteOrganisationPicker';
import { ErrorCode, isSiteLink, Perm, TEMPLATE_TYPES, type WebsiteSetting } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { HttpError } from '@/app/http/client';
import { usePermission } from '@/app/permission/permission';
import { readGroupId } from '@/app/session/session';
import { groupApi } from '@/app/api/group.api';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { websiteApi } from '../api/website.api';
import '../locales';
import '@/app/components/page.css';
import './website.css';

const TEMS = ['home', 'competition', 'news', 'cpNews', 'introductionPlatform', 'expendingServices', 'solve', 'research'];

type SiteForm = Omit<WebsiteSetting, 'groupId' | 'banners'>;

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

/** Website settings of an organisation: template, description and navigation of its public site (banners: 网站横幅). */
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
        ? { templateType: s.templateType, description: s.description, navigationSettings: s.navigationSettings }
        : { templateType: 1, description: '', navigationSettings: [{ name: '首页', tem: 'home', children: [] }] },
    );
  }, [current.data, current.loading, form]);

  const save = async () => {
    const v = await form.validateFields();
    // Without banners: 网站横幅 keeps them.
    await websiteApi.save({ groupId: groupId!, ...v });
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
      <SiteOrganisationPicker groups={groups} groupId={groupId} onChange={setGroupId} />
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
        <Alert type="info" showIcon message={<Trans t={t} i18nKey="bannersMoved" components={{ go: <Link to="/system/banner" /> }} />} />
      </Form>
    </div>
  );
}
