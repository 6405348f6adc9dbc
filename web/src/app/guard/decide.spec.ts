import { decideNavigation, isOpenPath, staticRedirect, type GuardInput } from './decide';

const base: GuardInput = {
  path: '/system/user',
  search: '',
  cookieToken: null,
  accessToken: null,
  hasRoles: false,
  matched: true,
  previousNamedPath: null,
};
const decide = (patch: Partial<GuardInput>) => decideNavigation({ ...base, ...patch });

describe('navigation guard', () => {
  it('sends any path containing /undefined to the root', () => {
    expect(decide({ path: '/system/undefined/x', accessToken: 'tok', hasRoles: true }).action).toEqual({ type: 'redirect', to: '/' });
    expect(decide({ path: '/undefined' }).action).toEqual({ type: 'redirect', to: '/' });
  });

  it('resolves the redirect-only routes first, keeping the query', () => {
    expect(decide({ path: '/' }).action).toEqual({ type: 'redirect', to: '/home/homepage' });
    expect(decide({ path: '/kyjs' }).action).toEqual({ type: 'redirect', to: '/home/homepage' });
    expect(decide({ path: '/home/' }).action).toEqual({ type: 'redirect', to: '/home/homepage' });
    expect(decide({ path: '/center', accessToken: 't', hasRoles: true }).action).toEqual({ type: 'redirect', to: '/center/users' });
    expect(decide({ path: '/details', search: '?id=3' }).action).toEqual({ type: 'redirect', to: '/home/competition/details?id=3' });
    expect(staticRedirect('/system/user')).toBeNull();
  });

  describe('without a token', () => {
    it('lets open paths through', () => {
      for (const path of ['/home/homepage', '/home/homePage', '/home/news/newsList', '/neibu/login', '/neibu/register', '/noPage', '/certificate/trace', '/screen/call', '/works/detail']) {
        expect(decide({ path }).action).toEqual({ type: 'proceed' });
      }
    });

    it('lets unknown paths under /home through (the router shows its 404)', () => {
      expect(decide({ path: '/home/nothing-here', matched: false }).action).toEqual({ type: 'proceed' });
    });

    it('sends everything else to the login page, remembering where it was going', () => {
      expect(decide({ path: '/system/user', search: '?a=1' }).action).toEqual({
        type: 'redirect',
        to: '/neibu/login?redirect=%2Fsystem%2Fuser%3Fa%3D1',
      });
      expect(decide({ path: '/center/users' }).action.type).toBe('redirect');
      expect(decide({ path: '/role' }).action.type).toBe('redirect');
    });
  });

  describe('with a stored token', () => {
    it('sends /neibu/login to the root', () => {
      expect(decide({ path: '/neibu/login', accessToken: 't', hasRoles: true }).action).toEqual({ type: 'redirect', to: '/' });
      expect(decide({ path: '/neibu/login', accessToken: 't', hasRoles: false }).action).toEqual({ type: 'redirect', to: '/' });
    });

    it('loads user info and routes when there are no roles yet, on any path', () => {
      expect(decide({ path: '/system/user', accessToken: 't', matched: false }).action).toEqual({ type: 'load' });
      expect(decide({ path: '/home/homepage', accessToken: 't' }).action).toEqual({ type: 'load' });
    });

    it('proceeds on a matched route once roles are loaded', () => {
      expect(decide({ accessToken: 't', hasRoles: true, matched: true }).action).toEqual({ type: 'proceed' });
    });

    it('sends an unmatched route to the previous named route', () => {
      expect(decide({ path: '/nope', accessToken: 't', hasRoles: true, matched: false, previousNamedPath: '/system/role?x=1' }).action).toEqual({
        type: 'redirect',
        to: '/system/role?x=1',
      });
    });

    it('sends an unmatched route to /noPage when there is no previous named route', () => {
      expect(decide({ path: '/nope', accessToken: 't', hasRoles: true, matched: false }).action).toEqual({ type: 'redirect', to: '/noPage' });
    });

    it('never bounces an unmatched route back to itself', () => {
      expect(decide({ path: '/nope', accessToken: 't', hasRoles: true, matched: false, previousNamedPath: '/nope' }).action).toEqual({
        type: 'redirect',
        to: '/noPage',
      });
    });
  });

  describe('with a token cookie', () => {
    it('adopts the cookie token and then behaves as with a stored token', () => {
      const d = decide({ path: '/system/user', cookieToken: 'c' });
      expect(d.adoptCookieToken).toBe(true);
      expect(d.action).toEqual({ type: 'load' });
    });

    it('does not adopt again once the stored token is the cookie token', () => {
      const d = decide({ path: '/system/user', cookieToken: 'c', accessToken: 'c', hasRoles: true });
      expect(d.adoptCookieToken).toBe(false);
      expect(d.action).toEqual({ type: 'proceed' });
    });

    it('prefers the cookie token over a different stored one', () => {
      expect(decide({ cookieToken: 'c', accessToken: 'old', hasRoles: true }).adoptCookieToken).toBe(true);
    });
  });

  it('knows the open paths of the spec', () => {
    expect(isOpenPath('/home')).toBe(true);
    expect(isOpenPath('/home/paySuccess')).toBe(true);
    expect(isOpenPath('/preview/detail')).toBe(true);
    expect(isOpenPath('/deepChat')).toBe(true);
    expect(isOpenPath('/center/users')).toBe(false);
    // The manual is public since issue 30.
    expect(isOpenPath('/manual')).toBe(true);
    expect(isOpenPath('/system/user')).toBe(false);
  });
});
