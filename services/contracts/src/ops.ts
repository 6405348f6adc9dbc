/** Jobs of one BullMQ queue by state, as the back office's 任务队列 page shows them (waiting includes prioritised jobs). */
export interface JobQueueCounts {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
  paused: number;
}
