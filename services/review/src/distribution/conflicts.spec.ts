import { conflictOf, type ExpertIdentity, type WorkIdentity } from './conflicts';

const expert = (o: Partial<ExpertIdentity> = {}): ExpertIdentity => ({ id: 1, userId: 10, phone: '', email: '', schoolId: null, unit: '', declared: [], ...o });
const work = (o: Partial<WorkIdentity> = {}): WorkIdentity => ({ workId: 7, memberUserIds: [], phones: [], emails: [], schoolIds: [], schoolNames: [], ...o });

describe('conflictOf', () => {
  it('finds an author by any identity alone', () => {
    expect(conflictOf(expert(), work({ memberUserIds: [10] }), false)).toBe('account');
    expect(conflictOf(expert({ phone: '+86 138-0000-0003' }), work({ phones: ['13800000003'] }), false)).toBe('phone');
    // A second account with a different (or unconfirmed) e-mail still matches on the phone, and vice versa.
    expect(conflictOf(expert({ userId: 99, email: 'A@X.cn' }), work({ memberUserIds: [10], emails: ['a@x.cn'] }), false)).toBe('email');
    expect(conflictOf(expert({ schoolId: 5 }), work({ schoolIds: [5] }), false)).toBe('school');
  });
  it('honours declared conflicts of each kind', () => {
    expect(conflictOf(expert({ declared: [{ kind: 'work', value: '7' }] }), work(), false)).toBe('declared');
    expect(conflictOf(expert({ declared: [{ kind: 'person', value: '42' }] }), work({ memberUserIds: [42] }), false)).toBe('declared');
    expect(conflictOf(expert({ declared: [{ kind: 'school', value: '清华大学' }] }), work({ schoolNames: ['清华大学'] }), false)).toBe('declared');
  });
  it('excludes the own organisation only when the round says so', () => {
    const e = expert({ unit: '华东示范大学' });
    const w = work({ schoolNames: ['华东示范大学'] });
    expect(conflictOf(e, w, false)).toBeNull();
    expect(conflictOf(e, w, true)).toBe('organisation');
  });
  it('answers null for strangers and ignores empty identities', () => {
    expect(conflictOf(expert({ phone: '', email: '' }), work({ phones: [''], emails: [''] }), true)).toBeNull();
  });
});
