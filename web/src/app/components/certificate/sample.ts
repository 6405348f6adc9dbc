import type { CertificateValues } from '@cmp/contracts';
import type { CertificateDesignerMessages } from '@/app/i18n/certificate-designer/zh-CN';

type Sample = CertificateDesignerMessages['sample'];

/** UTF-8 safe base64 data URL of an SVG (the renderer only accepts base64 data URLs for images). */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** A QR-code-like square for previews (the real code comes from the certificates service). */
export function sampleQrCode(): string {
  const n = 25;
  const cells: string[] = [];
  let seed = 7;
  const finder = (x: number, y: number) => x < 7 && y < 7;
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) {
      const inFinder = finder(x, y) || finder(n - 1 - x, y) || finder(x, n - 1 - y);
      let dark: boolean;
      if (inFinder) {
        const fx = x < 7 ? x : n - 1 - x;
        const fy = y < 7 ? y : n - 1 - y;
        const ring = Math.max(Math.abs(fx - 3), Math.abs(fy - 3));
        dark = ring !== 2;
      } else {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        dark = seed % 3 === 0;
      }
      if (dark) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${n + 4} ${n + 4}"><rect x="-2" y="-2" width="${n + 4}" height="${n + 4}" fill="#fff"/><g fill="#000">${cells.join('')}</g></svg>`);
}

/** A red round seal for previews; organisations upload their own. */
export function sampleSeal(name: string): string {
  const text = name.slice(0, 32).replace(/[<>&"]/g, '');
  // Chinese names fill the arc at 20; longer Latin names shrink to fit it.
  const size = Math.min(20, Math.floor(300 / Math.max(1, [...text].reduce((n, ch) => n + (/[\u2e80-\u9fff]/.test(ch) ? 1 : 0.55), 0))));
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><g fill="none" stroke="#d7000f" stroke-width="6" opacity="0.85"><circle cx="100" cy="100" r="92"/></g>` +
      `<defs><path id="arc" d="M 35 110 A 66 66 0 1 1 165 110"/></defs>` +
      `<text fill="#d7000f" font-size="${size}" font-family="Noto Sans CJK SC, sans-serif" opacity="0.85"><textPath href="#arc" startOffset="50%" text-anchor="middle">${text}</textPath></text>` +
      `<polygon fill="#d7000f" opacity="0.85" points="100,70 109,95 136,95 114,111 122,137 100,121 78,137 86,111 64,95 91,95"/></svg>`,
  );
}

const list = (value: string): string[] => value.split('、').map((entry) => entry.trim()).filter(Boolean);

/**
 * Two sample sets for the preview: typical values, and the longest ones a batch may hold, so overflow shows
 * before anything is issued.
 */
export function sampleValues(s: Sample, issuer: string, seal?: string | null): { typical: CertificateValues; longest: CertificateValues } {
  // `seal`: the organisation's uploaded seal, null when it has none (then none prints, so none is shown), or
  // undefined where it is not known (templates kept in this browser): a sample seal then.
  const images = { qrCode: sampleQrCode(), ...(seal === null ? {} : { seal: seal ?? sampleSeal(issuer) }) };
  const make = (long: boolean): CertificateValues => {
    const school = long ? s.schoolLong : s.school;
    const students = list(long ? s.studentLong : s.student);
    const teachers = list(long ? s.teacherLong : s.teacher);
    return {
      school,
      student: students,
      teacher: teachers,
      workName: long ? s.workNameLong : s.workName,
      teamName: long ? s.teamNameLong : s.teamName,
      awardName: long ? s.awardNameLong : s.awardName,
      workName_Portrait: long ? s.workNameLong : s.workName,
      student_Portrait: students,
      school_Portrait: school,
      teacher_Portrait: teachers,
      teacher_school_Portrait: teachers.map(() => school),
      userSchool: school,
      userName: long ? s.userNameLong : s.userName,
      userName_mid: long ? s.userNameLong : s.userName,
      companyName: long ? s.companyLong : s.company,
      // Batches print their own issuer (发证机构, an organisation's name); the sample organisation stands in for it.
      issuerName: long ? s.schoolLong : s.school,
      competitionName: long ? s.competitionLong : s.competition,
      certCodePrefix: 'CMP2026-',
      randomCode: long ? 'X7K9Q2M4T8W1' : 'A3F9K2',
      certCodeSuffix: long ? '-REISSUE' : '',
      allAutoincrementThree: long ? '999' : '001',
      allAutoincrementFour: long ? '9999' : '0001',
      autoincrementThree: long ? '999' : '001',
      autoincrementFour: long ? '9999' : '0001',
      ...images,
    };
  };
  return { typical: make(false), longest: make(true) };
}
