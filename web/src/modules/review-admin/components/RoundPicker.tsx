import { useEffect, useMemo, type ReactElement } from 'react';
import { Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Round } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { useAsync } from '@/app/hooks/useAsync';
import { roundApi } from '../api/review-admin.api';
import '../locales';

/**
 * The competition and round a review screen works on, kept in the address (?competitionId=&roundId=) so a link
 * from the rounds list opens the same round, and a reload keeps it. Picks the competition's first round by itself.
 */
export function useRoundChoice(): { competitionId?: number; roundId?: number; round?: Round; rounds: Round[]; picker: ReactElement; reloadRounds: () => void } {
  const { t } = useTranslation(['review-admin', 'review-round'], { nsMode: 'fallback' });
  const [params, setParams] = useSearchParams();
  const competitionId = Number(params.get('competitionId')) || undefined;
  const roundId = Number(params.get('roundId')) || undefined;
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const rounds = useAsync((signal) => (competitionId ? roundApi.list(competitionId, signal) : Promise.resolve([] as Round[])), [competitionId]);
  const list = useMemo(() => rounds.data ?? [], [rounds.data]);

  // A link with only a round (from another screen) finds its competition; a competition alone takes its first round.
  useEffect(() => {
    if (roundId && !competitionId) {
      void roundApi.detail(roundId).then((r) => setParams({ competitionId: String(r.competitionId), roundId: String(r.id) }, { replace: true }), () => undefined);
    } else if (competitionId && !roundId && list.length) {
      setParams({ competitionId: String(competitionId), roundId: String(list[0].id) }, { replace: true });
    }
  }, [competitionId, roundId, list, setParams]);

  const picker = (
    <Form layout="inline" className="round-picker">
      <Space wrap>
        <Form.Item label={t('competition')}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('pickCompetition')}
            style={{ width: 300 }}
            loading={competitions.loading}
            value={competitionId}
            options={competitions.data}
            onChange={(v: number) => setParams({ competitionId: String(v) })}
          />
        </Form.Item>
        <Form.Item label={t('round')}>
          <Select
            placeholder={t('pickRound')}
            style={{ width: 240 }}
            loading={rounds.loading}
            value={list.some((r) => r.id === roundId) ? roundId : undefined}
            options={list.map((r) => ({ value: r.id, label: t('common.withNote', { ns: 'translation', text: r.name, note: t(`statuses.${r.status}`) }) }))}
            onChange={(v: number) => setParams({ competitionId: String(competitionId), roundId: String(v) })}
            notFoundContent={competitionId ? t('noRound') : t('pickCompetition')}
          />
        </Form.Item>
      </Space>
    </Form>
  );
  return { competitionId, roundId, round: list.find((r) => r.id === roundId), rounds: list, picker, reloadRounds: rounds.reload };
}
