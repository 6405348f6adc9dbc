import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { CompetitionListProps } from '@/app/competition-list';

/**
 * The sign-up and work lists of enroll-admin, for the competition details' tabs: modules never import each
 * other, so the router (the one place that names pages) hands them over, loaded with their own chunk.
 */
export const competitionLists: Record<'signups' | 'works', ComponentType<CompetitionListProps>> = {
  signups: lazy(() => import('@/modules/enroll-admin/pages/SignupsPage')),
  works: lazy(() => import('@/modules/enroll-admin/pages/WorksPage')),
};
