import type { SignupType } from '@cmp/contracts';

/**
 * What a list of another module's needs to show one competition's rows (the back-office competition details): the
 * router hands such lists over (router/embedded-lists), and the lists take these props.
 */
export interface CompetitionListProps {
  competitionId: number;
  /** Sign-ups only: individual (参赛选手) or team (参赛团队). */
  type?: SignupType;
}
