import { containsPattern, paging } from './sql';

describe('paging', () => {
  it('fills defaults and caps the page size', () => {
    expect(paging({})).toEqual({ pageNum: 1, pageSize: 10, limit: 10, offset: 0 });
    expect(paging({ pageNum: 3, pageSize: 20 })).toEqual({ pageNum: 3, pageSize: 20, limit: 20, offset: 40 });
    expect(paging({ pageNum: 0, pageSize: 1000 }).pageSize).toBe(100);
  });
});

describe('containsPattern', () => {
  it('matches anywhere and takes wildcards literally', () => {
    expect(containsPattern('  大学 ')).toBe('%大学%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(containsPattern('  ')).toBeNull();
    expect(containsPattern(undefined)).toBeNull();
  });
});
