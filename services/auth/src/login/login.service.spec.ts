import { DUMMY_HASH } from './login.service';
import { hashPassword } from '../user/user.service';

const costOf = (hash: string) => hash.split('$')[3];

describe('password login of an unknown account', () => {
  it('verifies against a hash of the same cost as a real one, so it takes as long', async () => {
    expect(costOf(await DUMMY_HASH)).toBe(costOf(await hashPassword('Demo@2026')));
  });
});
