import { Form, Select, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AwardSummaryQuery, AwardSummaryRow } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { actionsColumn, dateColumn, ListScreen } from '@/app/components/ListParts';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { resultsApi } from '../api/results.api';
import { NS } from '../components/results/versions';

interface Filters {
  competitionId?: number;
}

/** 获奖列表: each published round's awards per event, with each level's count, opening the winners (获奖明细). */
export default function AwardListPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const paged = usePagedList<AwardSummaryRow, AwardSummaryQuery, Filters>((q, signal) => resultsApi.awardSummary(q, signal), (f) => ({ competitionId: f.competitionId }), ['competitionId']);
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const winners = (r: AwardSummaryRow) => `/competitionReward/detailedList?${new URLSearchParams({ competitionId: String(r.competitionId), roundId: String(r.roundId) })}`;
  return (
    <ListScreen<AwardSummaryRow, AwardSummaryQuery, Filters>
      paged={paged}
      title={t('awardList.title')}
      scrollX={1000}
      filters={
        <Form.Item name="competitionId" label={t('rewards.competition')}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 260 }} placeholder={t('rewards.allCompetitions')} options={competitions.data} loading={competitions.loading} />
        </Form.Item>
      }
      columns={[
        { title: t('rewards.competition'), dataIndex: 'competitionName', width: 180, ellipsis: true, render: (v?: string) => v || '—' },
        { title: t('rewards.round'), dataIndex: 'roundName', width: 120, ellipsis: true },
        { title: t('rewards.event'), dataIndex: 'eventName', width: 120, ellipsis: true, render: (v: string) => v || '—' },
        {
          title: t('awardList.levels'),
          key: 'levels',
          render: (_, r) => (
            <Space size={[4, 4]} wrap>
              {r.levels.map((l) => (
                <Tag key={l.level} color="gold">
                  {t('awardList.level', { level: localName(l.level, l.levelEn), count: l.works })}
                </Tag>
              ))}
            </Space>
          ),
        },
        { title: t('awardList.works'), dataIndex: 'works', width: 90, align: 'right' },
        dateColumn<AwardSummaryRow>(t('rewards.publishedAt'), 'publishedAt', lang, 'minute'),
        actionsColumn<AwardSummaryRow>(t('awardList.actions'), 110, (r) => (
          <Link to={winners(r)} data-testid="award-list-winners">
            {t('awardList.winners')}
          </Link>
        )),
      ]}
    />
  );
}
