import { Env, readBaseConfig, isAddressOrCidr } from './config';

describe('Env.addressList', () => {
  const read = (value?: string) => {
    const env = new Env(value === undefined ? {} : { TRUST_PROXY: value });
    const list = env.addressList('TRUST_PROXY');
    return { list, done: () => env.done() };
  };

  it('is empty when unset', () => {
    const r = read();
    expect(r.list).toEqual([]);
    expect(r.done).not.toThrow();
  });

  it('reads addresses and CIDR ranges of both families', () => {
    const r = read('127.0.0.1, 10.0.0.0/8,fd00::/8, ::1');
    expect(r.list).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    expect(r.done).not.toThrow();
  });

  it.each(['true', 'loopback', '*', '10.0.0.0/33', '::/129', '10.0.0.0/8/1', '10.0.0/8', '10.0.0.0/x'])('refuses %s at start-up, saying what it expects', (value) => {
    const r = read(value);
    expect(r.list).toEqual([]);
    expect(r.done).toThrow(/TRUST_PROXY must list IP addresses or CIDR ranges/);
  });

  it('names every bad entry', () => {
    expect(read('127.0.0.1,true,example.org').done).toThrow('got "true", "example.org"');
  });

  it('accepts the prefix lengths each family allows', () => {
    expect(['0.0.0.0/0', '1.2.3.4/32', '::/0', '::/128', '2001:db8::/32'].every(isAddressOrCidr)).toBe(true);
  });
});

describe('REDIS_PREFIX', () => {
  const read = (value?: string) => {
    const env = new Env(value === undefined ? {} : { REDIS_PREFIX: value });
    const config = readBaseConfig(env);
    return () => (env.done(), config.redisPrefix);
  };

  it('defaults to cmp and takes a deployment name', () => {
    expect(read()()).toBe('cmp');
    expect(read('cmp-staging.2')()).toBe('cmp-staging.2');
  });

  it('refuses a separator, a hash tag or nothing at start-up', () => {
    for (const bad of ['a:b', '{cmp}', 'two words']) expect(read(bad)).toThrow('REDIS_PREFIX must be');
  });
});
