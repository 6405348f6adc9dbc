import {
  CERTIFICATE_FONTS,
  CERTIFICATE_IMAGE_CODES,
  CERTIFICATE_NUMBER_CODES,
  CERTIFICATE_TEMPLATE_CATEGORIES,
  CERTIFICATE_TEXT_CODES,
  CertificateDesign,
  CertificateImageElement,
  CertificateTextElement,
  certificateFontCss,
  certificatePageSize,
  renderCertificateHtml,
  certificateEmptyFields,
  renderCertificatesHtml,
  sanitizeCertificateRichText,
} from './certificate-design';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function text(partial: Partial<CertificateTextElement> = {}): CertificateTextElement {
  return {
    name: 'text',
    type: 'text',
    id: 't1',
    left: 100,
    top: 200,
    width: 300,
    height: 50,
    content: '<p>获奖者</p>',
    rotate: 0,
    fontSize: 20,
    fontFamily: 'SourceHanSans',
    bold: false,
    vertical: false,
    contentText: '获奖者',
    defaultColor: '#333',
    defaultFontName: 'SourceHanSans',
    color: '#000000',
    ...partial,
  };
}

function image(partial: Partial<CertificateImageElement> = {}): CertificateImageElement {
  return { name: 'image', type: 'image', id: 'i1', src: PNG, width: 100, height: 100, left: 800, top: 500, fixedRatio: true, rotate: 0, ...partial };
}

function design(elements: CertificateDesign['slides'][number]['elements'], viewportRatio = 0.7085): CertificateDesign {
  return { title: '荣誉证书', slides: [{ id: '1', elements }], viewportRatio, slideIndex: 0 };
}

describe('certificate constants', () => {
  it('lists the binding codes of spec section 3, the issuer and the competition', () => {
    expect(CERTIFICATE_TEXT_CODES).toHaveLength(17);
    expect(CERTIFICATE_TEXT_CODES).toContain('issuerName');
    expect(CERTIFICATE_TEXT_CODES).toContain('competitionName');
    expect(CERTIFICATE_TEXT_CODES).toContain('teacher_school_Portrait');
    expect(CERTIFICATE_NUMBER_CODES).toEqual([
      'certCodePrefix',
      'randomCode',
      'certCodeSuffix',
      'allAutoincrementThree',
      'allAutoincrementFour',
      'autoincrementThree',
      'autoincrementFour',
    ]);
    expect(CERTIFICATE_IMAGE_CODES).toEqual(['qrCode', 'seal']);
  });

  it('has the twelve template categories of spec section 9 with unique ids', () => {
    const ids = CERTIFICATE_TEMPLATE_CATEGORIES.map((category) => category.id);
    expect(new Set(ids).size).toBe(12);
    expect(CERTIFICATE_TEMPLATE_CATEGORIES.find((category) => category.id === 'portraitMembers')?.orientation).toBe('portrait');
  });

  it('maps every font option onto an installed CJK family and never passes raw names through', () => {
    expect(CERTIFICATE_FONTS.map((font) => font.value)).toEqual(['SourceHanSans', 'SimSun', 'SimHei', 'KaiTi', 'FangSong']);
    expect(certificateFontCss('SimSun')).toBe('"Noto Serif CJK SC", serif');
    expect(certificateFontCss('x"; background: url(evil)')).toBe('"Noto Sans CJK SC", sans-serif');
  });
});

describe('certificatePageSize', () => {
  it('is A4 landscape for the default ratio and A4 portrait for an upright canvas', () => {
    expect(certificatePageSize(0.7085)).toMatchObject({ orientation: 'landscape', widthMm: 297, heightMm: 210, mmPerUnit: 0.297 });
    expect(certificatePageSize(1.4114)).toMatchObject({ orientation: 'portrait', widthMm: 210, heightMm: 297, mmPerUnit: 0.21 });
    expect(certificatePageSize(NaN).orientation).toBe('landscape');
  });
});

describe('renderCertificateHtml', () => {
  it('produces a complete document with the print page size', () => {
    const html = renderCertificateHtml(design([text()]));
    expect(html.startsWith('<!DOCTYPE html><html><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('@page { size: 297mm 210mm; margin: 0; }');
    expect(html).toContain('<title>荣誉证书</title>');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('positions elements absolutely in millimetres with font, size, colour, weight, rotation', () => {
    const html = renderCertificateHtml(design([text({ rotate: 15, bold: true, color: '#ff0000', fontSize: 80, fontFamily: 'SimHei', align: 'center' })]));
    expect(html).toContain('left: 29.7mm; top: 59.4mm; width: 89.1mm; height: 14.85mm; transform: rotate(15deg)');
    expect(html).toContain('font-family: &quot;WenQuanYi Zen Hei&quot;, &quot;Noto Sans CJK SC&quot;, sans-serif');
    // Every style attribute is one well-formed attribute (a raw quote would end it early).
    for (const [, style] of html.matchAll(/style="([^"]*)"/g)) expect(style).not.toMatch(/[<>]/);
    expect(html).toMatch(/style="[^"]*font-family: &quot;WenQuanYi Zen Hei&quot;[^"]*text-align: center"/);
    expect(html).toContain('font-size: 23.76mm');
    expect(html).toContain('color: #ff0000; font-weight: bold; text-align: center');
    expect(html).toContain('<p>获奖者</p>');
  });

  it('uses portrait geometry for an upright design', () => {
    const html = renderCertificateHtml(design([text()], 1.4114));
    expect(html).toContain('@page { size: 210mm 297mm; margin: 0; }');
    expect(html).toContain('left: 21mm; top: 42mm');
  });

  it('writes vertical text top to bottom', () => {
    expect(renderCertificateHtml(design([text({ vertical: true })]))).toContain('writing-mode: vertical-rl');
  });

  it('replaces bound elements by their escaped value', () => {
    const html = renderCertificateHtml(design([text({ code: 'student' })]), { student: '<img src=x onerror=alert(1)>张&三' });
    expect(html).toContain('data-code="student"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;张&amp;三');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('获奖者');
  });

  it('joins lists with 、 and puts portrait lists one per line', () => {
    const html = renderCertificateHtml(design([text({ id: 'a', code: 'student' }), text({ id: 'b', code: 'student_Portrait' })]), {
      student: ['张三', '李四'],
      student_Portrait: ['王五', '<赵六>'],
    });
    expect(html).toContain('>张三、李四</div>');
    expect(html).toContain('>王五<br>&lt;赵六&gt;</div>');
  });

  it('prints the certificate number as prefix + number + suffix', () => {
    const html = renderCertificateHtml(design([text({ code: 'allAutoincrementFour' })]), {
      certCodePrefix: 'CMP-2026-',
      allAutoincrementFour: '0042',
      certCodeSuffix: '-A',
    });
    expect(html).toContain('>CMP-2026-0042-A</div>');
  });

  it('prints nothing for a bound field without a value (outlined in previews); its placeholder only for the designer', () => {
    const html = renderCertificateHtml(design([text({ code: 'school' })]), {}, { markMissing: true });
    expect(html).toContain('cert-text cert-missing');
    expect(html).not.toContain('获奖者');
    expect(renderCertificateHtml(design([text({ code: 'school' })]), { school: '' })).toMatch(/data-code="school" style="[^"]*"><\/div>/);
    expect(renderCertificateHtml(design([text({ code: 'school' })]), {}, { placeholders: true })).toContain('<p>获奖者</p>');
  });

  it('leaves a label out when the field it names is empty (hideWhenEmpty)', () => {
    const label = text({ id: 'label', content: '<p>指导教师：</p>', contentText: '指导教师：', hideWhenEmpty: 'teacher' });
    const value = text({ id: 'value', code: 'teacher' });
    expect(renderCertificateHtml(design([label, value]), { teacher: ['王老师'] })).toContain('指导教师：');
    for (const empty of [{}, { teacher: '' }, { teacher: [] }]) {
      const html = renderCertificateHtml(design([label, value]), empty);
      expect(html).not.toContain('指导教师');
      expect(html).not.toContain('data-el-id="label"');
    }
    expect(certificateEmptyFields(design([label, value, text({ id: 'n', code: 'randomCode' })]), { randomCode: 'A1' })).toEqual(['teacher']);
  });

  it('draws the qrCode and seal images from the values and drops unsafe image sources', () => {
    const qr = image({ id: 'qr', code: 'qrCode', src: '' });
    const seal = image({ id: 'seal', code: 'seal', src: '' });
    const remote = image({ id: 'remote', src: 'http://169.254.169.254/latest' });
    const script = image({ id: 'js', src: 'javascript:alert(1)' });
    const html = renderCertificateHtml(design([qr, seal, remote, script]), { qrCode: PNG, seal: 'data:text/html;base64,PHNjcmlwdD4=' });
    expect(html).toContain(`data-code="qrCode" style="left: 237.6mm; top: 148.5mm; width: 29.7mm; height: 29.7mm"><img src="${PNG}"`);
    expect(html).not.toContain('data:text/html');
    expect(html).not.toContain('169.254');
    expect(html).not.toContain('javascript:');
  });

  it('lets the caller allow its own image sources', () => {
    const html = renderCertificateHtml(design([image({ src: 'https://cdn.example/bg.png' })]), {}, {
      resolveImageSrc: (src) => (src.startsWith('https://cdn.example/') ? src : undefined),
    });
    expect(html).toContain('<img src="https://cdn.example/bg.png"');
  });

  it('escapes the title, ignores unsafe colours and non-numeric geometry', () => {
    const html = renderCertificateHtml(
      { ...design([text({ color: 'red; background: url(x)', left: '1;x' as unknown as number })]), title: '</title><script>' },
      {},
    );
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;</title>');
    expect(html).toContain('color: #000000');
    expect(html).toContain('left: 0mm');
  });

  it('frames pages only on screen when asked', () => {
    expect(renderCertificateHtml(design([]))).not.toContain('@media screen');
    expect(renderCertificateHtml(design([]), {}, { previewChrome: true })).toContain('@media screen');
  });
});

describe('renderCertificatesHtml', () => {
  it('renders one page per certificate in order within one document', () => {
    const html = renderCertificatesHtml(design([text({ code: 'userName' })]), [{ userName: '甲' }, { userName: '乙' }, { userName: '丙' }]);
    expect(html.match(/<section class="cert-page"/g)).toHaveLength(3);
    expect(html.indexOf('>甲<')).toBeLessThan(html.indexOf('>乙<'));
    expect(html.indexOf('>乙<')).toBeLessThan(html.indexOf('>丙<'));
    expect(html.match(/<!DOCTYPE html>/g)).toHaveLength(1);
    expect(html).toContain('.cert-page:last-child { break-after: auto;');
  });
});

describe('sanitizeCertificateRichText', () => {
  it('keeps formatting with safe styles', () => {
    expect(sanitizeCertificateRichText('<p style="text-align: center; color: rgb(255, 0, 0)"><strong>一等奖</strong><br></p>')).toBe(
      '<p style="text-align: center; color: rgb(255, 0, 0)"><strong>一等奖</strong><br></p>',
    );
  });

  it('drops scripts, handlers, links, url() styles and closes what was left open', () => {
    const out = sanitizeCertificateRichText(
      '<p onclick="x()">a<script>alert(1)</script><a href="javascript:x">b</a><span style="background-image: url(http://x); color: red">c</span><img src=x onerror=y><div><em>d',
    );
    expect(out).toBe('<p>ab<span style="color: red">c</span><div><em>d</em></div></p>');
  });

  it('escapes stray markup characters but keeps entities', () => {
    expect(sanitizeCertificateRichText('a < b &amp; c & d &nbsp;')).toBe('a &lt; b &amp; c &amp; d &nbsp;');
  });

  it('drops unterminated dangerous blocks and comments entirely', () => {
    expect(sanitizeCertificateRichText('ok<!-- <script>x</script> -->!<style>body{}')).toBe('ok!');
  });
});
