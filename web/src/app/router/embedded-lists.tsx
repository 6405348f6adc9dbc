import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { SignupType } from '@cmp/contracts';

/** What a list of another module's needs to show one competition's rows (the back-office competition details). */
export interface CompetitionListProps {
  competitionId: number;
  /** Sign-ups only: individual (参赛选手) or team (参赛团队). */
  type?: SignupType;
}

/**
 * The sign-up and work lists of enroll-admin, for the competition details' tabs: modules never import each
 * other, so the router (the one place that names pages) hands them over, loaded with their own chunk.
 */
export const competitionLists: Record<'signups' | 'works', ComponentType<CompetitionListProps>> = {
  signups: lazy(() => import('@/modules/enroll-admin/pages/SignupsPage')),
  works: lazy(() => import('@/modules/enroll-admin/pages/WorksPage')),
};
