/** Payloads of domain events that have no other home; the subjects, streams and consumers are in subjects.ts. */
/** Payload of review.winners.published: the winners of one competition (or one of its events). */
export interface WinnersPublishedEvent {
  groupId: number;
  competitionId: number;
  competitionName: string;
  itemId?: number;
  itemName?: string;
  winners: { username?: string; holderName: string; awardName: string; values: Record<string, string> }[];
}
