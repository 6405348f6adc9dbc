import { useState } from 'react';
import { Form, Select, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type RecommendationQuery, type RecommendationStatus, type RecommendationView } from '@cmp/contracts';
import { actionsColumn, ListScreen, RowLinks } from '@/app/components/ListParts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { usePagedList } from '@/app/hooks/usePagedList';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { recommendApi } from '../api/experts.api';
import '../locales';

const STATUSES: RecommendationStatus[] = ['pending', 'accepted', 'declined'];
const COLOUR = { pending: 'gold', accepted: 'green', declined: 'default' } as const;

/** 专家推荐: recommendations to the caller's organisation (accept or decline) and the ones it sent. */
export default function RecommendPage() {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const canEdit = usePermission([Perm.expertEdit]);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const paged = usePagedList<RecommendationView, RecommendationQuery, { status?: RecommendationStatus }>(
    (q, signal) => recommendApi.page({ ...q, direction }, signal),
    (f) => ({ direction, status: f.status }),
  );

  const decide = async (r: RecommendationView, accept: boolean) => {
    if ((await confirmDialog(t(accept ? 'recommend.acceptConfirm' : 'recommend.declineConfirm', { name: r.expertName }), { danger: !accept })) !== 'confirm') return;
    try {
      await recommendApi.decide(r.id, accept);
      toast(t(accept ? 'recommend.accepted' : 'recommend.declined'), 'success');
      paged.list.reload();
    } catch {
      /* toasted */
    }
  };

  const columns: TableColumnsType<RecommendationView> = [
    { title: t('recommend.expert'), dataIndex: 'expertName', width: 120 },
    { title: t('title'), dataIndex: 'expertTitle', width: 100 },
    { title: t('unit'), dataIndex: 'expertUnit', width: 180, ellipsis: true },
    { title: t('recommend.from'), dataIndex: 'fromGroupName', width: 200 },
    { title: t('recommend.note'), dataIndex: 'note', width: 200, ellipsis: true },
    { title: t('status'), dataIndex: 'status', width: 90, render: (v: RecommendationStatus) => <Tag color={COLOUR[v]}>{t(`recommend.statuses.${v}`)}</Tag> },
    { title: t('createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v, lang, 'minute') },
  ];
  if (canEdit && direction === 'in') {
    columns.push(
      actionsColumn(t('common.actions'), 130, (r) =>
        r.status === 'pending' ? (
          <RowLinks
            links={[
              { label: t('recommend.accept'), onClick: () => void decide(r, true) },
              { label: t('recommend.decline'), onClick: () => void decide(r, false) },
            ]}
          />
        ) : null,
      ),
    );
  }

  return (
    <ListScreen
      paged={paged}
      title={t('recommend.title')}
      notice={
        <Tabs
          activeKey={direction}
          onChange={(k) => {
            setDirection(k as 'in' | 'out');
            paged.reset();
          }}
          items={[
            { key: 'in', label: t('recommend.incoming') },
            { key: 'out', label: t('recommend.outgoing') },
          ]}
        />
      }
      filters={
        <Form.Item name="status" label={t('status')}>
          <Select allowClear placeholder={t('common.all')} style={{ width: 120 }} options={STATUSES.map((s) => ({ value: s, label: t(`recommend.statuses.${s}`) }))} />
        </Form.Item>
      }
      columns={columns}
      scrollX={1100}
    />
  );
}
