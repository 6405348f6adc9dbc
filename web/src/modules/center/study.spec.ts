import type { MyCertificate, Signup, Work } from '@cmp/contracts';
import { buildStudyRecords } from './study';

const signup = (id: number, createdAt: string) => ({ id, createdAt }) as Signup;
const work = (id: number, updatedAt: string, submittedAt: string | null) => ({ id, updatedAt, submittedAt }) as Work;
const cert = (id: number, issuedAt: string) => ({ id, issuedAt }) as MyCertificate;

describe('buildStudyRecords', () => {
  it('puts sign-ups, works and certificates on one line, newest first', () => {
    const records = buildStudyRecords(
      [signup(1, '2026-03-01T08:00:00Z'), signup(2, '2026-05-01T08:00:00Z')],
      [work(7, '2026-06-02T08:00:00Z', '2026-04-01T08:00:00Z'), work(8, '2026-04-15T08:00:00Z', null)],
      [cert(3, '2026-07-01T00:00:00Z')],
    );
    expect(records.map((r) => [r.key, r.at])).toEqual([
      ['c3', '2026-07-01T00:00:00Z'],
      ['s2', '2026-05-01T08:00:00Z'],
      // A draft counts from its last change, a submitted work from its submission.
      ['w8', '2026-04-15T08:00:00Z'],
      ['w7', '2026-04-01T08:00:00Z'],
      ['s1', '2026-03-01T08:00:00Z'],
    ]);
  });

  it('is empty without any data', () => {
    expect(buildStudyRecords([], [], [])).toEqual([]);
  });
});
