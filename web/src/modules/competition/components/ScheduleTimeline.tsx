import { Empty, Spin, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScheduleEntry } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { competitionApi } from '@/app/api/competition.api';
import { LoadError } from '@/app/components/PageHeader';
import { useLocalName } from '@/app/i18n/hooks';
import { formatWindow, NS, useLang } from './shared';

const COLOR = { enroll: 'blue', submit: 'orange', stage: 'green' } as const;

/** The competition's timeline as the server computes it (GET /competition/schedule/getSchedule). */
export function ScheduleTimeline({ competitionId, version }: { competitionId: number; version?: unknown }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const schedule = useAsync((signal) => competitionApi.schedule(competitionId, signal), [competitionId, version]);
  if (schedule.loading && !schedule.data) return <Spin />;
  if (schedule.error) return <LoadError error={schedule.error} onRetry={schedule.reload} />;
  const entries: ScheduleEntry[] = schedule.data ?? [];
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noSchedule')} />;
  return (
    <Timeline
      className="details-timeline"
      items={entries.map((e) => ({
        color: COLOR[e.kind],
        children: (
          <>
            <strong>{e.kind === 'stage' ? localName(e.name, e.nameEn) : t(`details.kinds.${e.kind}`)}</strong>
            {e.kind === 'stage' && <span className="muted"> · {t('details.kinds.stage')}</span>}
            <div className="muted">{formatWindow(e.startAt, e.endAt, lang)}</div>
          </>
        ),
      }))}
    />
  );
}
