/**
 * Score sheet rules kept pure so the service, the web form and the tests share one definition:
 * checking scores against a round's columns, the weighted total, which status changes are allowed,
 * and what an expert may see of a work in a blind round.
 */
import { translate, type Lang, type MyReviewStatus, type ReviewFile, type RoundScoreColumn, type SheetAction, type SheetScores, type SheetStatus } from '@cmp/contracts';

/** Scores are compared on a 1/1000 grid so 0.1 + 0.2 style float noise never rejects a valid step. */
const GRID = 1000;
const onGrid = (value: number) => Math.round(value * GRID);

/**
 * What is wrong with a sheet's scores, one message per problem; empty when they fit the columns.
 * complete: a submit needs every column scored; a draft may leave columns empty.
 */
export function scoreProblems(columns: RoundScoreColumn[], scores: unknown, complete: boolean, lang: Lang = 'en'): string[] {
  if (!Array.isArray(scores)) return [translate('review.score.list', lang)];
  if (scores.length !== columns.length) return [translate('review.score.count', lang, { n: columns.length, got: scores.length })];
  const problems: string[] = [];
  columns.forEach((column, i) => {
    const score = scores[i] as unknown;
    const name = column.name;
    if (score === null || score === undefined) {
      if (complete) problems.push(translate('review.score.required', lang, { name }));
      return;
    }
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      problems.push(translate('review.score.number', lang, { name }));
    } else if (score < 0 || score > column.max) {
      problems.push(translate('review.score.range', lang, { name, max: column.max }));
    } else if (column.step > 0 && onGrid(score) % onGrid(column.step) !== 0) {
      problems.push(translate('review.score.step', lang, { name, step: column.step }));
    }
  });
  return problems;
}

/** The weighted total out of 100, rounded to 2 decimals; null while any column is unscored. */
export function weightedTotal(columns: RoundScoreColumn[], scores: SheetScores): number | null {
  if (scores.length !== columns.length || scores.some((s) => s === null)) return null;
  const total = columns.reduce((sum, column, i) => sum + ((scores[i] as number) / column.max) * column.weight, 0);
  return Math.round(total * 100) / 100;
}

/**
 * The status a sheet moves to when `action` is applied, or null when the action is not allowed from
 * `from`. A submitted sheet is locked: only a return (captain or organiser) reopens it.
 * `from` is null when the expert has no sheet yet.
 */
export function nextStatus(from: SheetStatus | null, action: SheetAction): SheetStatus | null {
  switch (action) {
    case 'save':
      return from === null || from === 'draft' || from === 'returned' ? (from ?? 'draft') : null;
    case 'submit':
      return from === null || from === 'draft' || from === 'returned' ? 'submitted' : null;
    case 'return':
      return from === 'submitted' ? 'returned' : null;
    case 'confirm':
      return from === 'submitted' ? 'submitted' : null;
  }
}

/** How 我的评审 labels an assignment from its sheet (none yet: not started). */
export const myReviewStatus = (sheet: SheetStatus | null): MyReviewStatus => sheet ?? 'notStarted';

const VIEW_BY_EXTENSION: Record<string, ReviewFile['view']> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

/** How the scoring screen shows a file, from its name's extension. */
export function fileView(name: string): ReviewFile['view'] {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? 'download' : (VIEW_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? 'download');
}

/**
 * The name an expert sees for a work's file. Blind rounds replace it by "work-<workId>-<n>.<ext>"
 * because uploaded names often carry the school or a member's name.
 */
export function expertFileName(name: string, blind: boolean, workId: number, index: number): string {
  if (!blind) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot).toLowerCase().replace(/[^.a-z0-9]/g, '');
  return `work-${workId}-${index + 1}${ext}`;
}

/** Drops who made a work from what an expert sees when the round is blind. */
export function withoutIdentity<T extends { members?: string[]; advisers?: string[]; schools?: string[] }>(item: T, blind: boolean): T {
  if (!blind) return item;
  const { members: _m, advisers: _a, schools: _s, ...rest } = item;
  return rest as T;
}
