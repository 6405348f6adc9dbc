import { useState } from 'react';
import { Button, Empty, Form, Input, Modal, Radio, Select, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CertificateBatch, PickMode } from '@cmp/contracts';
import { PagedTable, SearchButtons } from '@/app/components/ListParts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { useLocalName } from '@/app/i18n/hooks';
import { useAsync } from '@/app/hooks/useAsync';
import { certAdminApi, type BatchSignupQuery, type PickableSignup } from '../api/certificate-admin.api';
import { NS } from './shared';

interface Fields {
  awardName: string;
  per: PickMode;
}

/**
 * Winners picked from the approved sign-ups of the batch's competition: filter by event (the batch's by default)
 * and keyword, tick sign-ups on any page, give the award and whether each team gets one certificate or each member
 * one. Sign-ups already in the batch cannot be ticked again.
 */
export function PickSignupsModal({ batch, onClose, onAdded }: { batch: CertificateBatch; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation(NS);
  const localName = useLocalName();
  const base: BatchSignupQuery = { batchId: batch.id, itemId: batch.itemId ?? undefined, pageNum: 1, pageSize: 10 };
  const [query, setQuery] = useState<BatchSignupQuery>(base);
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [filter] = Form.useForm<{ itemId?: number; keyword?: string }>();
  const [form] = Form.useForm<Fields>();
  const list = useAsync((signal) => certAdminApi.batchSignups(query, signal), [query]);
  const detail = useAsync((signal) => competitionApi.detail(batch.competitionId!, signal), [batch.competitionId], !!batch.competitionId);
  const sep = t('listSeparator');

  const search = () => {
    const f = filter.getFieldsValue();
    setQuery((q) => ({ ...base, pageSize: q.pageSize, itemId: f.itemId, keyword: f.keyword?.trim() || undefined }));
  };
  const reset = () => {
    filter.resetFields();
    setQuery((q) => ({ ...base, pageSize: q.pageSize }));
  };

  const add = async () => {
    // An empty award is shown under its field.
    const f = await form.validateFields().catch(() => null);
    if (!f) return;
    setSaving(true);
    try {
      const r = await certAdminApi.recipientsFromSignups({ batchId: batch.id, signupIds: selected, awardName: f.awardName.trim(), per: f.per });
      toast(t('pick.done', { signups: selected.length, count: r.added }), 'success');
      onAdded();
      onClose();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<PickableSignup> = [
    { title: t('pick.no'), dataIndex: 'id', width: 80 },
    { title: t('batch.item'), dataIndex: 'itemName', width: 110, render: (v: string, s) => localName(v, s.itemNameEn) },
    {
      title: t('pick.holder'),
      key: 'holder',
      width: 160,
      render: (_, s) => (
        <Space size={4} wrap>
          <span>{s.teamName || s.members[0]?.realName || '-'}</span>
          <Tag>{t(s.type === 2 ? 'pick.team' : 'pick.individual')}</Tag>
        </Space>
      ),
    },
    { title: t('winners.school'), dataIndex: 'schoolName', width: 140, render: (v: string | null) => v || '-' },
    { title: t('winners.student'), key: 'members', render: (_, s) => s.members.map((m) => m.realName).join(sep) || '-' },
    { title: t('winners.teacher'), key: 'teachers', width: 120, render: (_, s) => s.teachers.join(sep) || '-' },
    { title: t('winners.workName'), dataIndex: 'workTitle', width: 130, render: (v: string | null) => v || '-' },
    { title: t('pick.state'), key: 'added', width: 90, render: (_, s) => (s.added ? <Tag color="green">{t('pick.added')}</Tag> : <Tag color="blue">{t('pick.approved')}</Tag>) },
  ];

  return (
    <Modal
      open
      wrapClassName="ca-pick"
      title={t('pick.title', { name: localName(batch.competitionName, batch.competitionNameEn) })}
      onCancel={onClose}
      width={1100}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <GuardedButton type="primary" disabled={!selected.length} loading={saving} onClick={() => void add()} data-testid="ca-pick-save">
            {t('pick.add', { count: selected.length })}
          </GuardedButton>
        </Space>
      }
    >
      <Form form={filter} layout="inline" className="search-form" initialValues={{ itemId: base.itemId }} onFinish={search}>
        <Form.Item name="itemId" label={t('batch.item')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 180 }}
            loading={detail.loading}
            options={(detail.data?.items ?? []).map((i) => ({ value: i.id, label: localName(i.name, i.nameEn) }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('pick.keyword')}>
          <Input allowClear placeholder={t('pick.keywordPlaceholder')} style={{ width: 240 }} data-testid="ca-pick-keyword" />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <PagedTable<PickableSignup>
        size="small"
        rowKey="id"
        list={list}
        query={query}
        setQuery={(update) => setQuery((q) => ({ ...q, ...update(q) }))}
        columns={columns}
        scroll={{ x: 1000 }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (s) => ({ disabled: s.added }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick.empty')} /> }}
      />
      <Typography.Text type="secondary">{t('pick.selected', { count: selected.length })}</Typography.Text>
      <Form form={form} layout="inline" className="ca-section" initialValues={{ per: 'signup' }}>
        <Form.Item name="awardName" label={t('winners.award')} rules={[{ required: true, whitespace: true, message: t('pick.awardRequired') }, { max: 50 }]}>
          <Input placeholder={t('pick.awardPlaceholder')} style={{ width: 200 }} maxLength={50} data-testid="ca-pick-award" />
        </Form.Item>
        <Form.Item name="per" label={t('pick.per')}>
          <Radio.Group
            options={[
              { value: 'signup', label: t('pick.perSignup') },
              { value: 'member', label: t('pick.perMember') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
