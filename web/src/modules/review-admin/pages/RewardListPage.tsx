import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AWARD_LEVELS, type RewardRow } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { dateColumn, PagedTable, WIDE_ONLY } from '@/app/components/ListParts';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { useFiltersFromAddress } from '@/app/hooks/usePagedList';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { resultsApi, type RewardQuery } from '../api/results.api';
import { NS } from '../components/results/versions';

const FIRST: RewardQuery = { pageNum: 1, pageSize: 10 };

/** 获奖明细: published winners of the organisation's competitions, filtered (a competition and round from the address too), exported as .xlsx. */
export default function RewardListPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const [form] = Form.useForm<Omit<RewardQuery, 'pageNum' | 'pageSize'>>();
  // 获奖列表 links here with a competition and round in the address.
  const linked = useFiltersFromAddress<Pick<RewardQuery, 'competitionId' | 'roundId'>>(['competitionId', 'roundId']);
  const [query, setQuery] = useState<RewardQuery>({ ...FIRST, ...linked });
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const list = useAsync((signal) => resultsApi.rewards(query, signal), [query]);
  const filters = () => ({ ...form.getFieldsValue(), keyword: form.getFieldValue('keyword')?.trim() || undefined });

  // Fits 1280-1440 px without scrolling sideways; schools show from 1600 px (and are in the export).
  const columns: TableColumnsType<RewardRow> = [
    { title: t('rewards.competition'), dataIndex: 'competitionName', width: 150, ellipsis: true, render: (v?: string) => v || '—' },
    { title: t('rewards.round'), dataIndex: 'roundName', width: 100, ellipsis: true },
    { title: t('rewards.event'), dataIndex: 'eventName', width: 100, ellipsis: true, render: (v: string) => v || '—' },
    { title: t('results.rank'), dataIndex: 'rank', width: 64 },
    { title: t('rewards.level'), dataIndex: 'level', width: 90, render: (v: string, r) => <Tag color="gold">{localName(v, r.levelEn)}</Tag> },
    { title: t('results.work'), dataIndex: 'title', ellipsis: true },
    { title: t('rewards.members'), dataIndex: 'memberNames', width: 140, ellipsis: true, render: (v: string[]) => v.join('、') || '—' },
    { title: t('rewards.advisers'), dataIndex: 'adviserNames', width: 110, ellipsis: true, render: (v: string[]) => v.join('、') || '—' },
    { title: t('rewards.schools'), dataIndex: 'schoolNames', width: 140, ellipsis: true, responsive: WIDE_ONLY, render: (v: string[]) => v.join('、') || '—' },
    { title: t('results.score'), dataIndex: 'score', width: 80, align: 'right', render: (v: number) => v.toFixed(2) },
    dateColumn(t('rewards.publishedAt'), 'publishedAt', lang, 'minute'),
  ];

  return (
    <div className="system-page">
      <PageHeader
        title={t('rewards.title')}
        extra={
          <Button icon={<DownloadOutlined />} disabled={!list.data?.total} onClick={() => void resultsApi.exportRewards(filters(), lang === 'en' ? 'winners.xlsx' : '获奖明细.xlsx')}>
            {t('rewards.export')}
          </Button>
        }
      />
      <Form form={form} layout="inline" className="search-form" initialValues={{ competitionId: linked.competitionId }} onFinish={() => setQuery({ ...FIRST, ...filters() })}>
        <Form.Item name="competitionId" label={t('rewards.competition')}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 260 }} placeholder={t('rewards.allCompetitions')} options={competitions.data} loading={competitions.loading} />
        </Form.Item>
        <Form.Item name="level" label={t('rewards.level')}>
          <Select allowClear style={{ width: 140 }} options={DEFAULT_AWARD_LEVELS.map((l) => ({ value: l.name, label: localName(l.name, l.nameEn) }))} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear style={{ width: 240 }} placeholder={t('rewards.keyword')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('rewards.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setQuery(FIRST);
            }}
          >
            {t('rewards.reset')}
          </Button>
        </Space>
      </Form>
      <PagedTable<RewardRow, RewardQuery> list={list} query={query} setQuery={setQuery} rowKey={(r) => `${r.roundId}-${r.workId}`} columns={columns} scroll={{ x: 1000 }} locale={{ emptyText: t('rewards.empty') }} />
    </div>
  );
}
