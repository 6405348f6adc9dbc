import { trustProxyOf } from './config';

describe('trustProxyOf', () => {
  it('trusts nobody when no proxy is named', () => {
    expect(trustProxyOf([])).toBe(false);
  });

  it('trusts exactly the named proxies', () => {
    expect(trustProxyOf(['127.0.0.1', '10.0.0.0/8'])).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('trusts the proxy socket, and no TCP peer for it, when there is one', () => {
    expect(trustProxyOf([], true)).toEqual(['::']);
    expect(trustProxyOf(['10.0.0.5'], true)).toEqual(['10.0.0.5', '::']);
  });
});
