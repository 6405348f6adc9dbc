import { fileLinkKey, signFileLink, verifyFileLink, type FileLink } from './file-links';

describe('signed file links', () => {
  const key = fileLinkKey('a secret of the gateway');
  const link: FileLink = { key: 'reports/7-1.pdf', name: '数据报告.pdf', contentType: 'application/pdf', expires: 2_000_000_000 };
  const now = 1_900_000_000;

  it('accepts the link it signed until it expires', () => {
    const sig = signFileLink(key, link);
    expect(verifyFileLink(key, link, sig, now)).toBe(true);
    expect(verifyFileLink(key, link, sig, link.expires)).toBe(false);
  });

  it('refuses a link changed in any part, or signed with another secret', () => {
    const sig = signFileLink(key, link);
    expect(verifyFileLink(key, { ...link, key: 'reports/8-1.pdf' }, sig, now)).toBe(false);
    expect(verifyFileLink(key, { ...link, expires: link.expires + 3600 }, sig, now)).toBe(false);
    expect(verifyFileLink(key, { ...link, contentType: 'text/html' }, sig, now)).toBe(false);
    expect(verifyFileLink(fileLinkKey('another secret'), link, sig, now)).toBe(false);
    expect(verifyFileLink(key, link, sig.slice(1), now)).toBe(false);
  });
});
