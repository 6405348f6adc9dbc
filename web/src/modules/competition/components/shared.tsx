import { useMemo, useRef, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CompetitionStatus, Perm, type Competition, type Lang } from '@cmp/contracts';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { referenceApi } from '@/app/api/competition.api';
import { PHASE_COLOR, STATUS_COLOR } from '../hooks/rules';
import '../locales';
import './competition.css';

export const NS = 'competition';

export { useEventLabel, useLang } from '@/app/i18n/hooks';

export const useCanEdit = () => usePermission([Perm.competitionEdit]);

/** The competition id of the address (?id=), or undefined. */
export function useCompetitionId(): number | undefined {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

const FALLBACK_LEVELS = ['1', '2', '3', '4'];

/**
 * Competition levels from the competition_level dictionary when the platform serves it, else a fixed list
 * with the dictionary's values, so a level chosen now still reads right once the dictionary is there.
 */
export function useLevelOptions(): { value: string; label: string }[] {
  const { t, i18n } = useTranslation(NS);
  const dict = useAsync((signal) => referenceApi.levels(signal), [i18n.language]);
  return useMemo(() => {
    if (dict.data?.length) return dict.data.map((d) => ({ value: d.value, label: d.label }));
    return FALLBACK_LEVELS.map((value) => ({ value, label: t(`levels.${value}`) }));
  }, [dict.data, t]);
}

export function StatusTag({ status }: { status: CompetitionStatus }) {
  const { t } = useTranslation(NS);
  return <Tag color={STATUS_COLOR[status]}>{t(`statuses.${status}`)}</Tag>;
}

/** Where a published competition stands; drafts and archived ones have no phase to show. */
export function PhaseTag({ competition }: { competition: Pick<Competition, 'status' | 'phase'> }) {
  const { t } = useTranslation(NS);
  if (competition.status !== CompetitionStatus.published) return <span className="muted">-</span>;
  return <Tag color={PHASE_COLOR[competition.phase]}>{t(`phases.${competition.phase}`)}</Tag>;
}

/** A day in the interface language: 2026/12/01 or 1 Dec 2026. */
export function formatDay(value: string | null | undefined, lang: Lang): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return lang === 'en'
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(d)
    : new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

export function formatWindow(startAt: string | null | undefined, endAt: string | null | undefined, lang: Lang): string | null {
  return startAt && endAt ? `${formatDay(startAt, lang)} – ${formatDay(endAt, lang)}` : null;
}

const HTML_VIEW_MAX = 560;

/** Rich text (intro, guide) in a sandboxed frame, as tall as its content: organisers' HTML is displayed, never run in the back office. */
export function HtmlView({ html, empty }: { html: string; empty: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(40);
  // Still a sandbox (no scripts); same origin only so that the frame can be as tall as its content: a fixed
  // height left a one-line intro in a 420 px box. Long content scrolls past HTML_VIEW_MAX.
  const fit = () => {
    const body = frame.current?.contentDocument?.body;
    if (!body) return;
    const measure = () => setHeight(Math.min(HTML_VIEW_MAX, Math.ceil(body.getBoundingClientRect().height) + 8));
    measure();
    // Images arriving later make it taller.
    new ResizeObserver(measure).observe(body);
  };
  if (!html.trim()) return <p className="muted">{empty}</p>;
  const doc = `<!doctype html><meta charset="utf-8"><style>body{font:14px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#333;margin:0;padding:4px}body>:first-child{margin-top:0}body>:last-child{margin-bottom:0}img{max-width:100%}</style>${html}`;
  return <iframe ref={frame} className="html-view" title="html" sandbox="allow-same-origin" srcDoc={doc} style={{ height }} onLoad={fit} data-testid="html-view" />;
}
