import { ROOT_ROLE } from '@cmp/contracts';
import { checkPermission } from './check';

describe('permission check', () => {
  it('lets ROOT through whatever is asked', () => {
    expect(checkPermission([ROOT_ROLE], [], ['system:user:add'])).toBe(true);
  });

  it('needs at least one of the listed permissions', () => {
    expect(checkPermission(['t'], ['system:user:list'], ['system:user:add', 'system:user:list'])).toBe(true);
    expect(checkPermission(['t'], ['system:user:list'], ['system:user:add'])).toBe(false);
  });

  it('is an error without a permission list', () => {
    expect(() => checkPermission(['t'], [], [])).toThrow();
    expect(() => checkPermission(['t'], [], undefined)).toThrow();
  });
});
