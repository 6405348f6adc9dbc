import { useEffect, useState, type ReactElement } from 'react';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScoreVersion } from '@cmp/contracts';
import { useAsync, type AsyncState } from '@/app/hooks/useAsync';
import { resultsApi } from '../../api/results.api';
import '../../locales';

export const NS = 'review-results';
const STATUS_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** A round's versions, polled while one is queued or running so the screen follows the worker. */
export function useVersions(roundId: number | undefined): AsyncState<ScoreVersion[]> {
  const list = useAsync((signal) => (roundId ? resultsApi.versions(roundId, signal) : Promise.resolve([])), [roundId]);
  const pending = list.data?.some((v) => v.status === 'queued' || v.status === 'running');
  const { reload } = list;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, 1000);
    return () => clearInterval(timer);
  }, [pending, reload]);
  return list;
}

export function VersionTag({ v }: { v: ScoreVersion }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={STATUS_COLOR[v.status]}>
      {t(`results.versionStatus.${v.status}`)}
      {v.status === 'running' ? ` ${v.progress}%` : ''}
    </Tag>
  );
}

/** The version a tab works on: the newest finished one unless the user picks another. */
export function useVersionChoice(versions: ScoreVersion[] | undefined): { versionId?: number; select: ReactElement } {
  const { t } = useTranslation(NS);
  const done = (versions ?? []).filter((v) => v.status === 'done');
  const [picked, setPicked] = useState<number>();
  const versionId = done.some((v) => v.id === picked) ? picked : done[0]?.id;
  const select = (
    <Select
      style={{ width: 320 }}
      placeholder={t('results.calibration.pickVersion')}
      value={versionId}
      onChange={setPicked}
      data-testid="version-select"
      options={done.map((v) => ({
        value: v.id,
        label: `${t('results.version', { number: v.number })} · ${t(`results.methods.${v.params.method}`)}${v.publishedAt ? ` · ${t('results.published')}` : ''}`,
      }))}
    />
  );
  return { versionId, select };
}
