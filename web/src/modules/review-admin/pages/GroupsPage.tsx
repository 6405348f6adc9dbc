import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space, Tag } from 'antd';
import { CrownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type ReviewGroup } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { FormModal } from '@/app/components/FormModal';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { useLocalName } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { expertOptions, groupApi } from '../api/review-admin.api';
import { useRoundChoice } from '../components/RoundPicker';
import '../components/review-admin.css';
import '../locales';

interface GroupValues {
  name: string;
  expertIds: number[];
  captainExpertId: number | null;
  eventIds: number[];
}

/** 专家分组: a round's review groups, each with its experts and one captain; by hand or split evenly by event. */
export default function GroupsPage() {
  const { t } = useTranslation(['review-admin', 'review-round'], { nsMode: 'fallback' });
  const localName = useLocalName();
  const canEdit = usePermission([Perm.reviewEdit]);
  const { roundId, round, competitionId, picker, reloadRounds } = useRoundChoice();
  const groups = useAsync((signal) => (roundId ? groupApi.list(roundId, signal) : Promise.resolve([] as ReviewGroup[])), [roundId]);
  const experts = useAsync((signal) => expertOptions(signal), []);
  const competition = useAsync((signal) => (competitionId ? competitionApi.detail(competitionId, signal) : Promise.resolve(undefined)), [competitionId]);
  const [editing, setEditing] = useState<{ group: ReviewGroup | null }>();
  const [splitting, setSplitting] = useState(false);
  const [form] = Form.useForm<GroupValues>();
  const [splitForm] = Form.useForm<{ count: number; expertIds: number[] }>();
  const chosen = Form.useWatch('expertIds', form) ?? [];
  const nameOf = (id: number) => experts.data?.find((e) => e.value === id)?.label ?? `#${id}`;
  const eventName = (id: number) => {
    const i = competition.data?.items.find((x) => x.id === id);
    return i ? localName(i.name, i.nameEn) : `#${id}`;
  };
  const editable = canEdit && round?.status !== 'closed';

  useEffect(() => {
    if (!editing) return;
    const g = editing.group;
    form.setFieldsValue(g ? { name: g.name, expertIds: g.expertIds, captainExpertId: g.captainExpertId, eventIds: g.eventIds } : { name: '', expertIds: [], captainExpertId: null, eventIds: [] });
  }, [editing, form]);

  const changed = () => {
    groups.reload();
    reloadRounds();
  };
  const save = async () => {
    const v = await form.validateFields();
    await groupApi.save({ roundId: roundId!, id: editing?.group?.id, ...v, name: v.name.trim(), captainExpertId: v.captainExpertId ?? null });
    toast(t('groups.saved'), 'success');
    setEditing(undefined);
    changed();
  };
  const split = async () => {
    const v = await splitForm.validateFields();
    const made = await groupApi.auto(roundId!, v.count, v.expertIds);
    toast(t('groups.autoDone', { count: made.length }), 'success');
    setSplitting(false);
    changed();
  };

  const list = groups.data ?? [];
  return (
    <div className="system-page review-admin">
      <PageHeader
        title={t('groups.title')}
        extra={
          editable &&
          roundId && (
            <Space>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ group: null })}>
                {t('groups.add')}
              </Button>
              <Button
                onClick={() => {
                  splitForm.setFieldsValue({ count: 2, expertIds: (experts.data ?? []).map((e) => e.value) });
                  setSplitting(true);
                }}
              >
                {t('groups.auto')}
              </Button>
            </Space>
          )
        }
      />
      {picker}
      {!roundId ? (
        <Empty description={t('pickRound')} />
      ) : !list.length && !groups.loading ? (
        <Empty description={t('groups.empty')} />
      ) : (
        <Row gutter={[16, 16]} className="group-cards">
          {list.map((g) => (
            <Col key={g.id} xs={24} md={12} xl={8}>
              <Card
                size="small"
                title={
                  <Space>
                    {g.name}
                    <Tag>{t('groups.members', { count: g.expertIds.length })}</Tag>
                  </Space>
                }
                extra={
                  editable && (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditing({ group: g })}>
                        {t('common.edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() =>
                          void confirmDelete({ question: t('groups.deleteConfirm', { name: g.name }), okText: t('common.delete'), done: t('groups.deleted'), run: () => groupApi.remove(g.id) }).then(
                            (done) => done && changed(),
                          )
                        }
                      >
                        {t('common.delete')}
                      </Button>
                    </Space>
                  )
                }
              >
                <div className="group-experts">
                  {g.expertIds.map((id) => (
                    <Tag key={id} color={id === g.captainExpertId ? 'gold' : undefined} icon={id === g.captainExpertId ? <CrownOutlined /> : undefined}>
                      {nameOf(id)}
                    </Tag>
                  ))}
                </div>
                <div className="group-meta">
                  {t('groups.captain')}：{g.captainExpertId ? nameOf(g.captainExpertId) : <span className="muted">{t('groups.noCaptain')}</span>}
                </div>
                {g.eventIds.length > 0 && (
                  <div className="group-meta">
                    {t('groups.events')}：{g.eventIds.map(eventName).join('、')}
                  </div>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <FormModal title={editing?.group ? t('groups.edit') : t('groups.add')} open={!!editing} onClose={() => setEditing(undefined)} onSubmit={save} width={640}>
        <Form form={form} layout="vertical" name="group">
          <Form.Item name="name" label={t('groups.name')} rules={[{ required: true, whitespace: true, message: t('groups.name') }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="expertIds" label={t('groups.experts')} rules={[{ required: true, message: t('groups.experts') }]}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={experts.data} loading={experts.loading} />
          </Form.Item>
          <Form.Item name="captainExpertId" label={t('groups.captain')}>
            <Select allowClear options={chosen.map((id) => ({ value: id, label: nameOf(id) }))} />
          </Form.Item>
          <Form.Item name="eventIds" label={t('groups.events')}>
            <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={(competition.data?.items ?? []).map((i) => ({ value: i.id, label: localName(i.name, i.nameEn) }))} />
          </Form.Item>
        </Form>
      </FormModal>
      <FormModal title={t('groups.autoTitle')} open={splitting} onClose={() => setSplitting(false)} onSubmit={split} width={640} okText={t('groups.auto')}>
        {list.length > 0 && <Alert type="warning" showIcon message={t('groups.autoConfirm')} style={{ marginBottom: 16 }} />}
        <Form form={splitForm} layout="vertical" name="split">
          <Form.Item name="count" label={t('groups.count')} rules={[{ required: true, message: t('groups.count') }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="expertIds" label={t('groups.autoExperts')} rules={[{ required: true, message: t('groups.autoExperts') }]}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={experts.data} maxTagCount="responsive" />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
