import { hasVisibleContent, htmlToText, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h2>赛事通知</h2><p style="text-align: center">欢迎<strong>报名</strong>，详见<a href="https://example.edu.cn/a" target="_blank">链接</a>。</p>' +
      '<ul><li>一</li></ul><img src="/prod-api/file/images/abc.png" alt="封面">';
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2>赛事通知</h2>');
    expect(out).toContain('<p style="text-align:center">');
    expect(out).toContain('<a href="https://example.edu.cn/a" target="_blank" rel="noopener noreferrer">链接</a>');
    expect(out).toContain('<img src="/prod-api/file/images/abc.png" alt="封面" />');
  });

  it('drops scripts, event handlers, frames and forms', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">hi<script>alert(1)</script></p><iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><svg onload="x()"></svg><style>p{}</style>',
    );
    expect(out).toBe('<p>hi</p>');
  });

  it('drops javascript:, data: and other dangerous URLs, however they are disguised', () => {
    const out = sanitizeRichText(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)"><a href="vbscript:x">d</a>',
    );
    expect(out).not.toMatch(/javascript|vbscript|data:/i);
    expect(out).toContain('<a>a</a>');
  });

  it('keeps only harmless styles', () => {
    const out = sanitizeRichText('<p style="color: #f00; background-image: url(javascript:x); position: fixed">x</p>');
    expect(out).toBe('<p style="color:#f00">x</p>');
  });
});

describe('htmlToText', () => {
  it('gives the words of the body for search', () => {
    expect(htmlToText('<p>第一段&nbsp;<b>重点</b></p><p>A &amp; B</p><script>x()</script>')).toBe('第一段 重点A & B');
  });

  it('tells an empty body from one with text or an image', () => {
    expect(hasVisibleContent('<p><br /></p>')).toBe(false);
    expect(hasVisibleContent('<p>x</p>')).toBe(true);
    expect(hasVisibleContent('<img src="/prod-api/file/images/a.png" />')).toBe(true);
  });
});
