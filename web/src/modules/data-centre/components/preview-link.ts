import type { FigureExport } from '@cmp/contracts';

/** 数据预览's address for the sign-ups under one bar of a competition's figure. */
export const previewLink = (q: { competitionId: number; dimension: FigureExport; key: string }): string =>
  `/database/preview?${new URLSearchParams({ competitionId: String(q.competitionId), dimension: q.dimension, key: q.key })}`;
