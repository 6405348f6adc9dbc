import { useEffect, useState } from 'react';
import { Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, type BatchProgress, type BatchStatus, type CertificateBatch, type CertStatus, type NumberingScheme } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { useLocalName } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { certAdminApi } from '../api/certificate-admin.api';
import '../locales';
// Category names are the designer's (one name per idea).
import '@/app/i18n/certificate-designer';
import '@/app/components/page.css';
import './certificate-admin.css';

export const NS = 'certificateAdmin';

/** Back-office paths of the certificate menu entries (seeded menu: certificate/<entry>). */
export const PATHS = {
  designer: '/certificate/make',
  list: '/certificate/list',
  check: '/certificate/check',
  send: '/certificate/send',
} as const;

export const useCanEdit = () => usePermission([Perm.certificateEdit]);
export const useCanIssue = () => usePermission([Perm.certificateIssue]);
export const useCanRevoke = () => usePermission([Perm.certificateRevoke]);

export function useDateTime(): (value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const lang = normaliseLang(i18n.language);
  return (value) => formatDateTime(value, lang, 'minute');
}

type Named = Pick<CertificateBatch, 'competitionName' | 'competitionNameEn' | 'itemName' | 'itemNameEn'>;

/** "Competition / event" of a batch or certificate in the interface language ('-' when it has none). */
export function useCompetitionLabel(): (x: Named) => string {
  const localName = useLocalName();
  return (x) => [localName(x.competitionName, x.competitionNameEn), localName(x.itemName, x.itemNameEn)].filter(Boolean).join(' / ') || '-';
}

/** A template category's name, as the designer names it. */
export function useCategoryLabel(): (id: string) => string {
  const { t } = useTranslation('certificateDesigner');
  return (id) => t(`categories.${id}`, { defaultValue: id });
}

/** "Sequence per event (3 digits), prefix A-" and the like. */
export function useNumberingLabel(): (n: NumberingScheme) => string {
  const { t } = useTranslation(NS);
  return (n) => [t(`numbering.${n.variant}`), n.prefix || n.suffix ? `${n.prefix ?? ''}…${n.suffix ?? ''}` : ''].filter(Boolean).join(' ');
}

const BATCH_COLOR: Record<BatchStatus, string> = { draft: 'default', queued: 'blue', running: 'processing', done: 'green', failed: 'red' };
const CERT_COLOR: Record<CertStatus, string> = { pending: 'default', rendered: 'green', failed: 'red', revoked: 'volcano' };

export function BatchStatusTag({ status, error }: { status: BatchStatus; error?: string | null }) {
  const { t } = useTranslation(NS);
  const tag = <Tag color={BATCH_COLOR[status]}>{t(`status.${status}`)}</Tag>;
  return error ? <Tooltip title={t('send.batchError', { error })}>{tag}</Tooltip> : tag;
}

export function CertStatusTag({ status, error, replaced }: { status: CertStatus; error?: string | null; replaced?: boolean }) {
  const { t } = useTranslation(NS);
  const tag = <Tag color={CERT_COLOR[status]}>{t(`certStatus.${status}`)}</Tag>;
  return (
    <Space size={4}>
      {error ? <Tooltip title={t('cert.failedReason', { error })}>{tag}</Tooltip> : tag}
      {replaced && <Tag color="blue">{t('cert.replaced')}</Tag>}
    </Space>
  );
}

export function SentTag({ batch }: { batch: Pick<CertificateBatch, 'sentAt' | 'status'> }) {
  const { t } = useTranslation(NS);
  const at = useDateTime();
  if (batch.sentAt) return <Tag color="green">{t('send.sentAt', { at: at(batch.sentAt) })}</Tag>;
  return <Tag>{batch.status === 'draft' ? t('send.notIssued') : t('batch.notSent')}</Tag>;
}

const busy = (status: BatchStatus | undefined) => status === 'queued' || status === 'running';
const POLL_MS = 1500;

/**
 * A batch's progress, polled every 1.5 s while it is queued or rendering; `refresh` polls again (after issue or
 * retry). `onChange` hears each answer, so a list can refresh its row when the batch settles.
 */
export function useBatchProgress(batchId: number | undefined, onChange?: (p: BatchProgress) => void) {
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!batchId) return undefined;
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = async () => {
      try {
        const next = await certAdminApi.progress(batchId, controller.signal);
        if (controller.signal.aborted) return;
        setProgress(next);
        onChange?.(next);
        if (busy(next.status)) timer = window.setTimeout(() => void poll(), POLL_MS);
      } catch {
        /* toasted by the HTTP client; polling stops until refreshed */
      }
    };
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batchId, tick]);
  return { progress, refresh: () => setTick((n) => n + 1) };
}

/** Done / failed / remaining of a batch as a bar and counts. */
export function ProgressView({ progress, compact = false }: { progress: BatchProgress | null; compact?: boolean }) {
  const { t } = useTranslation(NS);
  if (!progress) return <Typography.Text type="secondary">-</Typography.Text>;
  const { total, done, failed, remaining, status } = progress;
  const percent = total ? Math.floor(((done + failed) * 100) / total) : 0;
  const success = total ? Math.floor((done * 100) / total) : 0;
  return (
    <div className="ca-progress" data-testid="ca-progress" data-status={status}>
      <Progress
        percent={percent}
        success={{ percent: success }}
        status={status === 'failed' || (failed > 0 && !busy(status)) ? 'exception' : busy(status) ? 'active' : status === 'done' ? 'success' : 'normal'}
        size={compact ? 'small' : 'default'}
      />
      <Typography.Text type="secondary" className="ca-progress__counts">
        {t('send.counts', { done, failed, remaining })}
      </Typography.Text>
    </div>
  );
}

/** A link-style button of an actions cell. */
export function LinkButton({ children, onClick, danger, disabled, testId }: { children: React.ReactNode; onClick: () => void; danger?: boolean; disabled?: boolean; testId?: string }) {
  return (
    <Button type="link" size="small" danger={danger} disabled={disabled} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
