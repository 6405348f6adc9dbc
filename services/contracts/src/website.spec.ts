import { isSiteLink } from './website';

describe('isSiteLink', () => {
  it('accepts paths of the site and http(s) addresses', () => {
    for (const ok of ['/', '/home/news?x=1', 'https://example.edu/a', 'HTTP://example.edu', 'http://example.edu?q#f']) expect(isSiteLink(ok)).toBe(true);
  });

  it('refuses script and data targets, protocol-relative addresses and hidden characters', () => {
    const bad = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:msgbox', ' javascript:alert(1)', '\tjavascript:x', '//evil.example',
      '/\\evil.example', 'https://', 'https:///x', 'home/news', '', '/home/ x', 'java\nscript:x', 'mailto:a@b.c'];
    for (const v of bad) expect(isSiteLink(v)).toBe(false);
    expect(isSiteLink(undefined)).toBe(false);
  });
});
