import { likePattern, pageOf } from './database';

describe('pageOf', () => {
  it('fills defaults and caps the page size', () => {
    expect(pageOf({})).toEqual({ pageNum: 1, pageSize: 10, offset: 0 });
    expect(pageOf({ pageNum: 3, pageSize: 20 })).toEqual({ pageNum: 3, pageSize: 20, offset: 40 });
    expect(pageOf({ pageNum: 0, pageSize: 1000 }).pageSize).toBe(100);
  });
});

describe('likePattern', () => {
  it('matches anywhere and takes wildcards literally', () => {
    expect(likePattern('  大学 ')).toBe('%大学%');
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(likePattern('  ')).toBeNull();
    expect(likePattern(undefined)).toBeNull();
  });
});
