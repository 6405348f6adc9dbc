/** The manual's content: chapters per role, each of sections; plain text, so it is searched as written. */
export type ManualRole = 'organiser' | 'participant' | 'expert' | 'finance' | 'platform';

/** Screenshots taken from the running platform by web/test/manual-shots.e2e-spec.ts (web/public/manual/<name>.webp). */
export const MANUAL_SHOTS = [
  'competition-list',
  'competition-edit',
  'signups',
  'review-rounds',
  'distribution',
  'results',
  'certificates',
  'data-centre',
  'website-banners',
  'organisations',
  'home',
  'competition-detail',
  'my-competitions',
  'my-reviews',
  'orders',
  'trial-applications',
  'job-queues',
] as const;
export type ManualShot = (typeof MANUAL_SHOTS)[number];

export interface ManualSection {
  /** Unique within the manual, used in the address (#id). */
  id: string;
  title: string;
  /** Paragraphs. */
  body: string[];
  /** Numbered steps, when the section is a procedure. */
  steps?: string[];
  /** Where in the back office or site this is done, as the menu names it (e.g. 竞赛管理 › 竞赛列表). */
  where?: string;
  shot?: ManualShot;
}

export interface ManualChapter {
  role: ManualRole;
  title: string;
  /** One sentence: who this chapter is for. */
  summary: string;
  sections: ManualSection[];
}
