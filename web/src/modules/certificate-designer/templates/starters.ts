import {
  CERTIFICATE_DEFAULT_VIEWPORT_RATIO,
  CERTIFICATE_PORTRAIT_VIEWPORT_RATIO,
  CERTIFICATE_TEMPLATE_CATEGORIES,
  escapeHtml,
  type CertificateBindingCode,
  type CertificateDesign,
  type CertificateElement,
  type CertificateTemplateCategoryId,
  type CertificateTextElement,
} from '@cmp/contracts';
import type { CertificateDesignerMessages } from '@/app/i18n/certificate-designer/zh-CN';
import { fitFontSize, newImageElement, newTextElement } from './elements';

type Messages = Pick<CertificateDesignerMessages, 'starter' | 'codes'>;

/** What a bound element shows in the designer until real values fill it: its field's name in brackets. */
export const placeholderFor = (code: CertificateBindingCode, m: Pick<Messages, 'codes'>): string => `【${m.codes[code]}】`;

/** Award names start as 'first prize', 80 units, bold and red (spec section 9). */
export const AWARD_NAME_STYLE = { fontSize: 80, bold: true, color: '#ff0000' } as const;

const HEADING: Partial<CertificateTextElement> = { fontSize: 64, bold: true, color: '#b8860b', fontFamily: 'SimHei', align: 'center' };

function builder(m: Messages) {
  const els: CertificateElement[] = [];
  // A box is at least one line high (line-height 1.4), so the design itself never reads as overflowing.
  const lineHigh = (props: Partial<CertificateTextElement>, size: number) => ({ ...props, fontSize: size, height: Math.max(props.height ?? 40, Math.ceil(size * 1.4) + 2) });
  const fixed = (text: string, props: Partial<CertificateTextElement>) => {
    if (!text.trim()) return;
    const size = fitFontSize(text, props.width ?? 300, props.fontSize ?? 20);
    els.push(newTextElement(text, { source: 'static', ...lineHigh(props, size) }));
  };
  const bound = (code: CertificateBindingCode, props: Partial<CertificateTextElement>) =>
    els.push(newTextElement(placeholderFor(code, m), { code: code as CertificateTextElement['code'], source: code, name: m.codes[code], ...lineHigh(props, props.fontSize ?? 20) }));
  return { els, fixed, bound };
}

/** Landscape: label on the left, bound value on the right, one row per field. */
function landscape(categoryId: CertificateTemplateCategoryId, m: Messages): CertificateElement[] {
  const { els, fixed, bound } = builder(m);
  const s = m.starter;
  fixed(s.heading, { ...HEADING, left: 200, top: 50, width: 600, height: 90, source: 'heading' });
  let top = 165;
  // A label is left out with its empty field (a team without an adviser prints no 指导教师 line).
  const row = (label: string, code: CertificateBindingCode) => {
    fixed(label, { left: 120, top, width: 200, height: 40, fontSize: 24, align: 'right', hideWhenEmpty: code as CertificateTextElement['hideWhenEmpty'] });
    bound(code, { left: 330, top, width: 540, height: 40, fontSize: 24 });
    top += 48;
  };
  // The award name sits under the last row; everything below it keeps clear of it.
  const award = () => {
    const awardTop = Math.max(top + 10, 280);
    bound('awardName', { ...AWARD_NAME_STYLE, content: `<p>${escapeHtml(s.awardDefault)}</p>`, contentText: s.awardDefault, left: 150, top: awardTop, width: 700, height: 110, align: 'center' });
    fixed(s.congratulate, { left: 150, top: awardTop + 118, width: 700, height: 36, fontSize: 22, align: 'center' });
  };
  switch (categoryId) {
    case 'award1':
      row(s.labels.school, 'school');
      row(s.labels.student, 'student');
      row(s.labels.teacher, 'teacher');
      row(s.labels.workName, 'workName');
      break;
    case 'award2':
      row(s.labels.studentWithSchool, 'student');
      row(s.labels.teacherWithSchool, 'teacher');
      row(s.labels.workName, 'workName');
      break;
    case 'award3':
      row(s.labels.school, 'school');
      row(s.labels.student, 'student');
      row(s.labels.teacher, 'teacher');
      break;
    case 'award4':
      row(s.labels.school, 'school');
      row(s.labels.teamName, 'teamName');
      row(s.labels.student, 'student');
      row(s.labels.teacher, 'teacher');
      break;
    case 'awardName':
      top = 250;
      break;
    case 'teacherPersonal1':
      bound('userName', { left: 120, top, width: 300, height: 45, fontSize: 30, bold: true, align: 'right' });
      fixed(s.teacherLine, { left: 425, top, width: 120, height: 45, fontSize: 30 });
      top += 60;
      fixed(s.teacherBody, { left: 120, top, width: 760, height: 40, fontSize: 24 });
      top += 50;
      row(s.labels.userSchool, 'userSchool');
      break;
    case 'organisationName':
      bound('companyName', { left: 100, top, width: 800, height: 55, fontSize: 36, bold: true, align: 'center' });
      top += 70;
      fixed(s.organisationBody, { left: 100, top, width: 800, height: 40, fontSize: 24, align: 'center' });
      top += 50;
      break;
    case 'individual2':
      row(s.labels.student, 'userName');
      row(s.labels.userSchool, 'userSchool');
      fixed(s.inCompetition, { left: 120, top, width: 760, height: 40, fontSize: 24, align: 'center' });
      top += 50;
      break;
    case 'individual3':
      fixed(s.individualMidBefore, { left: 120, top, width: 160, height: 45, fontSize: 30, align: 'right' });
      bound('userName_mid', { left: 290, top, width: 300, height: 45, fontSize: 30, bold: true, align: 'center' });
      fixed(s.individualMidAfter, { left: 600, top, width: 120, height: 45, fontSize: 30 });
      top += 60;
      fixed(s.inCompetition, { left: 120, top, width: 760, height: 40, fontSize: 24, align: 'center' });
      top += 50;
      break;
    default:
      break;
  }
  award();
  // The issuer is the batch's (证书设置), not a fixed committee name.
  bound('issuerName', { left: 600, top: 575, width: 340, height: 34, fontSize: 20, align: 'center' });
  fixed(s.date, { left: 600, top: 612, width: 340, height: 34, fontSize: 20, align: 'center' });
  els.push(newImageElement('', { code: 'seal', name: m.codes.seal, left: 700, top: 520, width: 150, height: 150 }));
  els.push(newImageElement('', { code: 'qrCode', name: m.codes.qrCode, left: 50, top: 560, width: 100, height: 100 }));
  fixed(s.numberLabel, { left: 160, top: 630, width: 110, height: 26, fontSize: 16, align: 'right' });
  bound('randomCode', { left: 275, top: 630, width: 300, height: 26, fontSize: 16 });
  return els;
}

/** Portrait: centred headings with lists underneath, one name per line. */
function portrait(categoryId: CertificateTemplateCategoryId, m: Messages): CertificateElement[] {
  const { els, fixed, bound } = builder(m);
  const s = m.starter;
  fixed(s.heading, { ...HEADING, fontSize: 80, left: 150, top: 110, width: 700, height: 115, source: 'heading' });
  let top = 290;
  const block = (label: string, code: CertificateBindingCode, lines: number) => {
    fixed(label, { left: 150, top, width: 700, height: 40, fontSize: 26, bold: true, align: 'center', hideWhenEmpty: code as CertificateTextElement['hideWhenEmpty'] });
    top += 55;
    const height = lines * 42;
    bound(code, { left: 150, top, width: 700, height, fontSize: 28, align: 'center' });
    top += height + 25;
  };
  switch (categoryId) {
    case 'portraitWork':
      block(s.labels.work, 'workName_Portrait', 1);
      block(s.labels.schools, 'school_Portrait', 1);
      block(s.labels.members, 'student_Portrait', 4);
      block(s.labels.teachers, 'teacher_Portrait', 2);
      break;
    case 'portraitMembers':
      block(s.labels.members, 'student_Portrait', 6);
      fixed(s.orderNote, { left: 150, top: top - 15, width: 700, height: 30, fontSize: 18, align: 'center', color: '#595959', source: 'orderNote' });
      top += 30;
      block(s.labels.schools, 'school_Portrait', 3);
      break;
    case 'portraitTeachers':
      block(s.labels.teachers, 'teacher_Portrait', 5);
      block(s.labels.schools, 'teacher_school_Portrait', 4);
      break;
    default:
      break;
  }
  bound('awardName', { ...AWARD_NAME_STYLE, content: `<p>${escapeHtml(s.awardDefault)}</p>`, contentText: s.awardDefault, left: 150, top: Math.max(top + 10, 1000), width: 700, height: 115, align: 'center' });
  bound('issuerName', { left: 560, top: 1210, width: 380, height: 34, fontSize: 22, align: 'center' });
  fixed(s.date, { left: 560, top: 1250, width: 380, height: 34, fontSize: 22, align: 'center' });
  els.push(newImageElement('', { code: 'seal', name: m.codes.seal, left: 670, top: 1140, width: 170, height: 170 }));
  els.push(newImageElement('', { code: 'qrCode', name: m.codes.qrCode, left: 70, top: 1180, width: 120, height: 120 }));
  fixed(s.numberLabel, { left: 60, top: 1330, width: 120, height: 28, fontSize: 18, align: 'right' });
  bound('randomCode', { left: 185, top: 1330, width: 360, height: 28, fontSize: 18 });
  return els;
}

/** A ready starting design for a category of spec section 9, in the interface language. */
export function starterDesign(categoryId: CertificateTemplateCategoryId, m: Messages, title: string): CertificateDesign {
  const category = CERTIFICATE_TEMPLATE_CATEGORIES.find((c) => c.id === categoryId) ?? CERTIFICATE_TEMPLATE_CATEGORIES[0];
  const upright = category.orientation === 'portrait';
  return {
    title,
    slides: [{ id: '1', elements: upright ? portrait(category.id, m) : landscape(category.id, m) }],
    viewportRatio: upright ? CERTIFICATE_PORTRAIT_VIEWPORT_RATIO : CERTIFICATE_DEFAULT_VIEWPORT_RATIO,
    slideIndex: 0,
  };
}
