import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONFLICT_KINDS, type ConflictKind, type ConflictView } from '@cmp/contracts';
import { PageHeader } from '@/app/components/PageHeader';
import { SchoolSelect, type SchoolValue } from '@/app/components/SchoolSelect';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { expertSelfApi } from '../api/experts.api';
import '../locales';

interface Values {
  kind: ConflictKind;
  school?: SchoolValue;
  person?: string;
  work?: number;
  reason?: string;
}

/** 专家账号: the calling expert's profile and their conflict declarations (回避声明), which every assignment honours. */
export default function ExpertAccountPage() {
  const { t } = useTranslation('experts');
  const lang = useLang();
  const mine = useAsync((signal) => expertSelfApi.mine(signal), []);
  const conflicts = useAsync((signal) => expertSelfApi.conflicts(signal), [], !!mine.data?.length);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'school';
  const [busy, setBusy] = useState(false);
  // School names typed in this session, so a new declaration reads as a name rather than a number.
  const [schoolNames, setSchoolNames] = useState<Record<string, string>>({});

  const add = async () => {
    const v = await form.validateFields();
    const value = v.kind === 'school' ? String(v.school?.id ?? '') : v.kind === 'work' ? String(v.work ?? '') : (v.person ?? '').trim();
    setBusy(true);
    try {
      await expertSelfApi.saveConflict({ kind: v.kind, value, reason: v.reason?.trim() || undefined });
      if (v.kind === 'school' && v.school) setSchoolNames((m) => ({ ...m, [value]: v.school!.name }));
      toast(t('self.added'), 'success');
      form.resetFields(['school', 'person', 'work', 'reason']);
      conflicts.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<ConflictView> = [
    { title: t('self.kind'), dataIndex: 'kind', width: 130, render: (k: ConflictKind) => <Tag>{t(`self.kinds.${k}`)}</Tag> },
    { title: t('self.value'), dataIndex: 'value', width: 200, render: (v: string, c) => (c.kind === 'school' && schoolNames[v] ? schoolNames[v] : c.kind === 'person' ? `#${v}` : v) },
    { title: t('self.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('self.declaredAt'), dataIndex: 'createdAt', width: 170, className: 'cell-nowrap', render: (v: string) => formatDateTime(v, lang, 'minute') },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_, c) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() =>
            void confirmDelete({ question: t('self.deleteConfirm'), okText: t('common.delete'), done: t('self.deleted'), run: () => expertSelfApi.deleteConflict(c.id) }).then(
              (done) => done && conflicts.reload(),
            )
          }
        >
          {t('common.delete')}
        </Button>
      ),
    },
  ];

  const profile = mine.data?.[0];
  return (
    <div className="system-page">
      <PageHeader title={t('self.title')} />
      {!mine.loading && !profile ? (
        <Empty description={t('self.notExpert')} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small" title={t('self.profile')} loading={mine.loading}>
            {profile && (
              <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
                <Descriptions.Item label={t('name')}>{profile.name}</Descriptions.Item>
                <Descriptions.Item label={t('title')}>{profile.title || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('unit')}>{profile.unit || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('phone')}>{profile.phone || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('email')}>{profile.email || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('subjects')}>{profile.subjects.join('、') || '—'}</Descriptions.Item>
                {profile.expiresAt && <Descriptions.Item label={t('expiresAt')}>{formatDateTime(profile.expiresAt, lang, 'minute')}</Descriptions.Item>}
              </Descriptions>
            )}
          </Card>
          <Card size="small" title={t('self.conflicts')}>
            <p className="muted">{t('self.conflictsHint')}</p>
            <Form form={form} layout="inline" name="conflict" initialValues={{ kind: 'school' }} className="search-form">
              <Form.Item name="kind" label={t('self.kind')}>
                <Select style={{ width: 150 }} options={CONFLICT_KINDS.map((k) => ({ value: k, label: t(`self.kinds.${k}`) }))} />
              </Form.Item>
              {kind === 'school' && (
                <Form.Item name="school" label={t('self.school')} rules={[{ required: true, message: t('required', { field: t('self.school') }) }]}>
                  <SchoolSelect id="conflict_school" />
                </Form.Item>
              )}
              {kind === 'person' && (
                <Form.Item name="person" label={t('self.value')} rules={[{ required: true, whitespace: true, message: t('self.personPlaceholder') }]}>
                  <Input maxLength={50} placeholder={t('self.personPlaceholder')} style={{ width: 200 }} />
                </Form.Item>
              )}
              {kind === 'work' && (
                <Form.Item name="work" label={t('self.value')} rules={[{ required: true, message: t('self.workPlaceholder') }]}>
                  <InputNumber min={1} precision={0} placeholder={t('self.workPlaceholder')} style={{ width: 160 }} />
                </Form.Item>
              )}
              <Form.Item name="reason" label={t('self.reason')}>
                <Input maxLength={300} style={{ width: 220 }} />
              </Form.Item>
              <Button type="primary" icon={<PlusOutlined />} loading={busy} onClick={() => void add()}>
                {t('self.add')}
              </Button>
            </Form>
            <Table<ConflictView>
              rowKey="id"
              size="middle"
              loading={conflicts.loading}
              columns={columns}
              dataSource={conflicts.data ?? []}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('self.empty')} /> }}
            />
          </Card>
        </Space>
      )}
    </div>
  );
}
