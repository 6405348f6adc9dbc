import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyReviewStatus, RoundScoreColumn, SheetScores } from '@cmp/contracts';
import { REVIEW_NS } from '../locales';

export const NS = REVIEW_NS;

const STATUS_COLOR: Record<MyReviewStatus, string> = { notStarted: 'default', draft: 'processing', submitted: 'success', returned: 'error' };

/** 未开始 / 草稿 / 已提交 / 已退回 */
export function SheetStatusTag({ status }: { status: MyReviewStatus }) {
  const { t } = useTranslation(NS);
  return (
    <Tag color={STATUS_COLOR[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/**
 * The weighted total out of 100 as the review service computes it (each score over its column's max, times
 * the column's weight); null until every column is scored.
 */
export function weightedTotal(columns: RoundScoreColumn[], scores: SheetScores): number | null {
  if (columns.length === 0 || columns.some((_, i) => scores[i] === null || scores[i] === undefined)) return null;
  const sum = columns.reduce((acc, c, i) => acc + ((scores[i] as number) / c.max) * c.weight, 0);
  return Math.round(sum * 100) / 100;
}

/** A score or total as people write it: up to two decimals, no trailing zeros. */
export const formatScore = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(Math.round(v * 100) / 100));
