import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Result, Segmented, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CompetitionStatus, type CompetitionDetail } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { SETTINGS_PAGES, type SettingsKey } from './SettingsMenu';
import { LoadError } from '@/app/components/PageHeader';
import { NS, StatusTag, useCanEdit, useCompetitionId } from './shared';

export interface SettingsContext {
  detail: CompetitionDetail;
  /** false for archived competitions and for people without competition:info:edit */
  editable: boolean;
  setDetail(d: CompetitionDetail): void;
}

/** The frame of the four settings pages (?id=): the competition's name and status, and a switch between them. */
export function SettingsFrame({ active, children }: { active: SettingsKey; children: (ctx: SettingsContext) => ReactNode }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const id = useCompetitionId();
  const canEdit = useCanEdit();
  const [detail, setDetail] = useState<CompetitionDetail>();
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    setError(null);
    competitionApi
      .detail(id, controller.signal)
      .then(setDetail)
      .catch((e: unknown) => !controller.signal.aborted && setError(e instanceof Error ? e.message : String(e)));
    return () => controller.abort();
  }, [id, tick]);

  if (!id) return <Result status="404" title={t('missingId')} />;
  const archived = detail?.status === CompetitionStatus.archived;
  return (
    <div className="competition-page">
      <div className="competition-page__header">
        <h2 className="competition-page__title">
          {t(`settings.${active}`)}
          {detail && <span className="competition-page__sub">{detail.name}</span>}
          {detail && <StatusTag status={detail.status} />}
        </h2>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/competition/details?id=${id}`)}>
          {t('action.details')}
        </Button>
      </div>
      <div className="settings-nav">
        <Segmented
          value={active}
          onChange={(key) => navigate(`${SETTINGS_PAGES.find((p) => p.key === key)!.path}?id=${id}`)}
          options={SETTINGS_PAGES.map((p) => ({ value: p.key, label: t(`settings.${p.key}`) }))}
        />
      </div>
      <LoadError error={error} onRetry={() => setTick((n) => n + 1)} />
      {archived && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('action.archivedReadonly')} />}
      {!detail && !error && <Spin className="page-spin" />}
      {detail && detail.id === id && children({ detail, editable: canEdit && !archived, setDetail })}
    </div>
  );
}
