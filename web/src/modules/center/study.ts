import type { MyCertificate, Signup, Work } from '@cmp/contracts';

/** One line of the study records: a sign-up, a work or a certificate, with the moment it happened. */
export type StudyRecord =
  | { kind: 'signup'; key: string; at: string; signup: Signup }
  | { kind: 'work'; key: string; at: string; work: Work }
  | { kind: 'certificate'; key: string; at: string; certificate: MyCertificate };

export type StudyKind = StudyRecord['kind'];

/**
 * The person's study records from real data, newest first: each sign-up when it was made, each work when
 * it was submitted (a draft when last changed), each certificate when it was issued.
 */
export function buildStudyRecords(signups: Signup[], works: Work[], certificates: MyCertificate[]): StudyRecord[] {
  const records: StudyRecord[] = [
    ...signups.map((signup) => ({ kind: 'signup' as const, key: `s${signup.id}`, at: signup.createdAt, signup })),
    ...works.map((work) => ({ kind: 'work' as const, key: `w${work.id}`, at: work.submittedAt ?? work.updatedAt, work })),
    ...certificates.map((certificate) => ({ kind: 'certificate' as const, key: `c${certificate.id}`, at: certificate.issuedAt, certificate })),
  ];
  const time = (r: StudyRecord) => new Date(r.at).getTime() || 0;
  return records.sort((a, b) => time(b) - time(a) || a.key.localeCompare(b.key));
}
