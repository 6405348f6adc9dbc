import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let clock = 0;
  const cache = () => new TtlCache<number>(1000, 2, () => clock);
  beforeEach(() => (clock = 0));

  it('loads once while fresh and again once expired', async () => {
    const c = cache();
    const load = jest.fn(async () => clock);
    expect(await c.get('a', load)).toBe(0);
    clock = 999;
    expect(await c.get('a', load)).toBe(0);
    clock = 1000;
    expect(await c.get('a', load)).toBe(1000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one pending load between callers and forgets a failed one', async () => {
    const c = cache();
    const load = jest.fn(() => Promise.reject(new Error('down')));
    await expect(Promise.all([c.get('a', load), c.get('a', load)])).rejects.toThrow('down');
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(await c.get('a', async () => 7)).toBe(7);
  });

  it('drops the oldest entry beyond its size and everything on clear', async () => {
    const c = cache();
    await c.get('a', async () => 1);
    await c.get('b', async () => 2);
    await c.get('c', async () => 3);
    expect(await c.get('a', async () => 10)).toBe(10);
    c.clear();
    expect(await c.get('c', async () => 30)).toBe(30);
  });
});
