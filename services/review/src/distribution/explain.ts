import { translate, type AssignmentExplanation, type Lang } from '@cmp/contracts';
import type { AssignmentMessage } from '../assignment';

export interface Names {
  work: (id: unknown) => string;
  expert: (id: unknown) => string;
  group: (id: unknown) => string;
}

const KNOWN = new Set(['TOO_FEW_EXPERTS', 'CAPACITY', 'BELOW_FLOOR', 'ABOVE_CEIL', 'BALANCE_RELAXED', 'LOCKED_CONFLICT', 'LOCKED_OTHER_GROUP', 'LOCKED_TOO_MANY', 'CANCELLED']);

/** The solver's explanation in the caller's language, with titles and names in place of ids. */
export function explain(m: AssignmentMessage, lang: Lang, names: Names): AssignmentExplanation {
  const p = m.params;
  const params: Record<string, string | number> = {};
  // Lists of experts (conflicted, forbidden) read as how many there are.
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  else if (Array.isArray(v)) params[k] = v.length;
  if ('workId' in p) params.work = names.work(p.workId);
  if ('expertId' in p) params.expert = names.expert(p.expertId);
  if ('groupId' in p) params.group = names.group(p.groupId);
  if (typeof p.reason === 'string') params.reasonText = translate(`review.explain.reason.${p.reason}`, lang);
  const key = KNOWN.has(m.code) ? `review.explain.${m.code}` : 'review.explain.OTHER';
  return { code: m.code, params: p, text: translate(key, lang, { ...params, code: m.code }) };
}
