import { translate } from './i18n';
import { pickLang } from './lang';
import { hasAnyPermission } from './permissions';

describe('hasAnyPermission', () => {
  it('lets ROOT pass every check', () => {
    expect(hasAnyPermission({ roleKeys: ['ROOT'], permissions: [] }, ['system:user:add'])).toBe(true);
  });
  it('needs one of the listed permissions for everyone else', () => {
    const user = { roleKeys: ['admin'], permissions: ['system:user:list'] };
    expect(hasAnyPermission(user, ['system:user:add', 'system:user:list'])).toBe(true);
    expect(hasAnyPermission(user, ['system:user:add'])).toBe(false);
  });
  it('treats a check without permissions as a programming error', () => {
    expect(() => hasAnyPermission({ roleKeys: ['ROOT'], permissions: [] }, [])).toThrow();
  });
});

describe('messages', () => {
  it('renders a key with its parameters in either language, Chinese by default', () => {
    expect(translate('user.usernameTaken', pickLang(undefined), { username: 'bob' })).toBe('账号 bob 已存在');
    expect(translate('user.usernameTaken', pickLang('en-GB,en;q=0.9'), { username: 'bob' })).toBe('The account name bob is already taken');
  });
});
