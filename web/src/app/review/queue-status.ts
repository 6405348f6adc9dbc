import type { QueueStatus } from '@cmp/contracts';

/** Tag colours of an on-site team's queue status (staff screens and the personal centre). */
export const QUEUE_STATUS_COLORS: Record<QueueStatus, string> = { waiting: 'default', called: 'processing', presenting: 'blue', done: 'success', skipped: 'warning', absent: 'error' };
