import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Select, Tag, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TRIAL_STATES,
  USERNAME_PATTERN,
  PHONE_PATTERN,
  type GroupKind,
  type TrialApplication,
  type TrialConvertReply,
  type TrialPageQuery,
  type TrialState,
} from '@cmp/contracts';
import { actionsColumn, dateColumn, ListScreen, RowLinks, TextFilter } from '@/app/components/ListParts';
import { FormModal } from '@/app/components/FormModal';
import { toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { groupApi } from '@/app/api/group.api';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { treeOptions } from '../hooks/tree';
import { GroupFields } from '../components/GroupFields';
import { trialApi } from '@/app/api/trial.api';
import '../locales';
import '@/app/components/page.css';

interface Filters {
  keyword?: string;
  state?: TrialState;
}

const STATE_COLOR: Record<TrialState, string> = { new: 'blue', following: 'gold', converted: 'green', closed: 'default' };

/** 试用申请 (ROOT): universities' trial applications, followed up with notes and turned into an organisation. */
export default function TrialApplicationsPage() {
  const { t, i18n } = useTranslation('system');
  const lang = normaliseLang(i18n.language);
  const paged = usePagedList<TrialApplication, TrialPageQuery, Filters>(trialApi.page, (f) => ({ keyword: f.keyword?.trim() || undefined, state: f.state }));
  const [following, setFollowing] = useState<TrialApplication | null>(null);
  const [converting, setConverting] = useState<TrialApplication | null>(null);

  const columns: TableColumnsType<TrialApplication> = [
    { title: t('trial.university'), dataIndex: 'university', width: 200, ellipsis: true },
    { title: t('trial.contact'), dataIndex: 'contact', width: 100 },
    { title: t('trial.phone'), dataIndex: 'phone', width: 130 },
    { title: t('trial.size'), dataIndex: 'size', width: 130, render: (v: string) => t(`trial.sizes.${v}`) },
    { title: t('trial.state'), dataIndex: 'state', width: 100, render: (v: TrialState) => <Tag color={STATE_COLOR[v]}>{t(`trial.states.${v}`)}</Tag> },
    dateColumn<TrialApplication>(t('trial.createdAt'), 'createdAt', lang, 'minute'),
    actionsColumn(t('common.actions'), lang === 'en' ? 230 : 170, (a) => (
      <RowLinks
        links={[
          { label: t('trial.follow'), onClick: () => setFollowing(a) },
          { label: t('trial.convert'), onClick: () => setConverting(a), hidden: a.state === 'converted' || a.state === 'closed' },
        ]}
      />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('trial.title')}
      filters={
        <>
          <TextFilter name="keyword" label={t('trial.keyword')} placeholder={t('trial.keywordPlaceholder')} width={220} />
          <Form.Item name="state" label={t('trial.state')}>
            <Select allowClear placeholder={t('common.all')} style={{ width: 130 }} options={TRIAL_STATES.map((s) => ({ value: s, label: t(`trial.states.${s}`) }))} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1000}
    >
      <FollowUpModal
        application={following}
        onClose={() => setFollowing(null)}
        onNoted={(a) => {
          setFollowing(a);
          paged.list.reload();
        }}
      />
      <ConvertModal application={converting} onClose={() => setConverting(null)} onConverted={paged.list.reload} />
    </ListScreen>
  );
}

/** An application's details and notes, and a new note that may move it to following or closed. */
function FollowUpModal({ application: a, onClose, onNoted }: { application: TrialApplication | null; onClose: () => void; onNoted: (a: TrialApplication) => void }) {
  const { t, i18n } = useTranslation('system');
  const lang = normaliseLang(i18n.language);
  const [form] = Form.useForm<{ body: string; state?: 'following' | 'closed' }>();
  const submit = async () => {
    const v = await form.validateFields();
    const updated = await trialApi.note({ id: a!.id, body: v.body.trim(), state: v.state });
    toast(t('trial.noted'), 'success');
    form.resetFields();
    onNoted(updated);
  };
  return (
    <FormModal title={a ? t('trial.followTitle', { name: a.university }) : ''} open={!!a} onClose={onClose} onSubmit={submit} okText={t('trial.addNote')} width={640}>
      {a && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('trial.contact')}>{a.contact}</Descriptions.Item>
            <Descriptions.Item label={t('trial.phone')}>{a.phone}</Descriptions.Item>
            <Descriptions.Item label={t('trial.size')}>{t(`trial.sizes.${a.size}`)}</Descriptions.Item>
            <Descriptions.Item label={t('trial.state')}>
              <Tag color={STATE_COLOR[a.state]}>{t(`trial.states.${a.state}`)}</Tag>
              {a.groupName && <Typography.Text type="secondary">{a.groupName}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t('trial.needs')} span={2}>
              {a.needs || '-'}
            </Descriptions.Item>
          </Descriptions>
          {a.notes.length ? (
            <Timeline
              items={a.notes.map((n) => ({
                children: (
                  <>
                    <Typography.Text type="secondary">
                      {formatDateTime(n.createdAt, lang, 'minute')} · {n.authorName}
                      {n.state && ` · ${t(`trial.states.${n.state}`)}`}
                    </Typography.Text>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{n.body}</div>
                  </>
                ),
              }))}
            />
          ) : (
            <Typography.Paragraph type="secondary">{t('trial.noNotes')}</Typography.Paragraph>
          )}
        </>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="body" label={t('trial.note')} rules={[{ required: true, whitespace: true, message: t('trial.noteRequired') }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        {a?.state !== 'converted' && (
          <Form.Item name="state" label={t('trial.moveTo')}>
            <Radio.Group
              options={[
                { value: undefined, label: t('trial.keepState') },
                { value: 'following', label: t('trial.states.following') },
                { value: 'closed', label: t('trial.states.closed') },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}

interface ConvertValues {
  code: string;
  name: string;
  nameEn?: string;
  kind: GroupKind;
  parentId?: number | null;
  username: string;
  realName: string;
  phone?: string;
}

/** The organisation and first administrator made from an application; the one-time password is shown once. */
function ConvertModal({ application: a, onClose, onConverted }: { application: TrialApplication | null; onClose: () => void; onConverted: () => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<ConvertValues>();
  const [made, setMade] = useState<TrialConvertReply | null>(null);
  const groups = useAsync(() => groupApi.tree(), [], !!a);
  const submit = async () => {
    const v = await form.validateFields();
    const reply = await trialApi.convert({
      id: a!.id,
      group: { code: v.code.trim(), name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', kind: v.kind, parentId: v.parentId ?? null },
      admin: { username: v.username.trim(), realName: v.realName.trim(), phone: v.phone?.trim() || undefined },
    });
    onClose();
    setMade(reply);
    onConverted();
  };
  return (
    <>
      <FormModal title={a ? t('trial.convertTitle', { name: a.university }) : ''} open={!!a} onClose={onClose} onSubmit={submit} okText={t('trial.convert')}>
        {a && (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ name: a.university, kind: 'university', realName: a.contact, phone: a.phone, username: a.phone }}
          >
            <Typography.Title level={5}>{t('trial.theOrganisation')}</Typography.Title>
            <GroupFields parents={treeOptions(groups.data, (g) => g.id, (g) => g.name)} />
            <Typography.Title level={5}>{t('trial.theAdmin')}</Typography.Title>
            <Form.Item name="username" label={t('user.username')} rules={[{ required: true, pattern: USERNAME_PATTERN, message: t('user.usernameInvalid') }]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="realName" label={t('user.realName')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="phone" label={t('user.phone')} rules={[{ pattern: PHONE_PATTERN, message: t('user.phoneInvalid') }]}>
              <Input maxLength={11} />
            </Form.Item>
          </Form>
        )}
      </FormModal>
      <Modal
        title={t('trial.madeTitle')}
        open={!!made}
        onCancel={() => setMade(null)}
        maskClosable={false}
        footer={<Button onClick={() => setMade(null)}>{t('common.close')}</Button>}
      >
        {made && (
          <>
            <Alert type="warning" showIcon message={t('trial.madeHint')} style={{ marginBottom: 12 }} />
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('user.username')}>
                <Typography.Text copyable className="trial-username">
                  {made.username}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('trial.oneTimePassword')}>
                <Typography.Text copyable code className="trial-password">
                  {made.password}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('trial.loginAt')}>
                <Typography.Text copyable>{`${window.location.origin}/neibu/login`}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Modal>
    </>
  );
}
