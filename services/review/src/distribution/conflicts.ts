/** Conflicts of interest between an expert and a work, from every identity the platform knows (pure). */

export interface ExpertIdentity {
  id: number;
  userId: number | null;
  phone: string;
  email: string;
  schoolId: number | null;
  unit: string;
  declared: { kind: 'school' | 'person' | 'work'; value: string }[];
}

export interface WorkIdentity {
  workId: number;
  memberUserIds: number[];
  phones: string[];
  emails: string[];
  schoolIds: number[];
  schoolNames: string[];
}

export type ConflictReason = 'account' | 'phone' | 'email' | 'school' | 'declared' | 'organisation';

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
/** Phones compare by their digits, without a +86 or 0086 prefix. */
const phoneKey = (s: string) => norm(s).replace(/\D/g, '').replace(/^(0086|86)(?=1\d{10}$)/, '');

/**
 * The first reason this expert must not judge this work, or null. Identities are compared separately (account,
 * phone, e-mail, school) so an author found by any one of them is excluded, even when another one (an
 * unconfirmed e-mail, a second account) does not match.
 */
export function conflictOf(e: ExpertIdentity, w: WorkIdentity, excludeOwnOrganisation: boolean): ConflictReason | null {
  if (e.userId !== null && w.memberUserIds.includes(e.userId)) return 'account';
  const phone = phoneKey(e.phone);
  if (phone && w.phones.some((p) => phoneKey(p) === phone)) return 'phone';
  const email = norm(e.email);
  if (email && w.emails.some((x) => norm(x) === email)) return 'email';
  if (e.schoolId !== null && w.schoolIds.includes(e.schoolId)) return 'school';
  for (const d of e.declared) {
    const v = d.value.trim();
    if (d.kind === 'work' && v === String(w.workId)) return 'declared';
    if (d.kind === 'person' && w.memberUserIds.some((u) => String(u) === v)) return 'declared';
    if (d.kind === 'school' && (w.schoolIds.some((s) => String(s) === v) || w.schoolNames.some((s) => norm(s) === norm(v)))) return 'declared';
  }
  if (excludeOwnOrganisation && norm(e.unit) && w.schoolNames.some((s) => norm(s) === norm(e.unit))) return 'organisation';
  return null;
}
