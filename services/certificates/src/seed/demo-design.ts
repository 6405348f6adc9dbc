import { escapeHtml, type CertificateDesign, type CertificateElement, type CertificateTextElement } from '@cmp/contracts';

const text = (id: string, contentText: string, props: Partial<CertificateTextElement>): CertificateTextElement => ({
  name: id,
  type: 'text',
  id,
  left: 100,
  top: 100,
  width: 300,
  height: 40,
  content: `<p>${escapeHtml(contentText)}</p>`,
  rotate: 0,
  fontSize: 24,
  fontFamily: 'SourceHanSans',
  bold: false,
  vertical: false,
  contentText,
  defaultColor: '#333',
  defaultFontName: 'SourceHanSans',
  color: '#000000',
  align: 'left',
  ...props,
});

/**
 * An award-winner (type 1) certificate in Chinese: school, students, teachers, work, award name (80, bold,
 * red), an auto-increment number (or the given number code), the trace QR code and the seal. The demo
 * template, and the design the tests and the bench issue.
 */
export function demoAwardDesign(numberCode: CertificateTextElement['code'] = 'allAutoincrementFour'): CertificateDesign {
  const rows: [string, CertificateTextElement['code']][] = [
    ['学校：', 'school'],
    ['学生：', 'student'],
    ['指导老师：', 'teacher'],
    ['作品名称：', 'workName'],
  ];
  const elements: CertificateElement[] = [
    text('heading', '荣誉证书', { left: 200, top: 40, width: 600, height: 90, fontSize: 64, bold: true, color: '#b8860b', fontFamily: 'SimHei', align: 'center' }),
  ];
  rows.forEach(([label, code], i) => {
    const top = 165 + i * 48;
    elements.push(text(`label-${code}`, label, { left: 120, top, width: 200, height: 40, align: 'right' }));
    elements.push(text(`value-${code}`, `【${label.replace('：', '')}】`, { left: 330, top, width: 540, height: 40, code }));
  });
  elements.push(
    text('award', '一等奖', { left: 150, top: 370, width: 700, height: 110, fontSize: 80, bold: true, color: '#ff0000', align: 'center', code: 'awardName' }),
    text('congratulate', '特发此证，以资鼓励。', { left: 150, top: 488, width: 700, height: 36, fontSize: 22, align: 'center' }),
    text('number-label', '证书编号：', { left: 60, top: 640, width: 130, height: 30, fontSize: 18 }),
    text('number', '【编号】', { left: 190, top: 640, width: 330, height: 30, fontSize: 18, code: numberCode }),
    { name: 'qrCode', type: 'image', id: 'qr', src: '', left: 840, top: 545, width: 120, height: 120, code: 'qrCode', fixedRatio: true, rotate: 0 },
    { name: 'seal', type: 'image', id: 'seal', src: '', left: 610, top: 500, width: 160, height: 160, code: 'seal', fixedRatio: true, rotate: 0 },
  );
  return { title: '获奖证书', viewportRatio: 0.7085, slideIndex: 0, slides: [{ id: '1', elements }] };
}
