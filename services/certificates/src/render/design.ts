import {
  CERTIFICATE_TEMPLATE_CATEGORIES,
  isCertificateImageCode,
  isCertificateNumberCode,
  isCertificateTextCode,
  type CertificateDesign,
  type CertificateValues,
  type NumberingScheme,
  type Recipient,
  CERTIFICATE_NUMBER_BODY_CODES,
} from '@cmp/contracts';

export const MAX_DESIGN_BYTES = 512 * 1024;
const MAX_SLIDES = 20;
const MAX_ELEMENTS = 300;

const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/**
 * What is wrong with a design (a message detail naming the element), or null. The design is stored as opaque
 * JSON; this checks it has the shape certificate-design.ts renders, so a bad template is refused when saved, not when
 * a thousand certificates are already queued.
 */
export function designProblem(design: unknown): string | null {
  if (!design || typeof design !== 'object' || Array.isArray(design)) return 'the design must be an object with slides';
  if (Buffer.byteLength(JSON.stringify(design)) > MAX_DESIGN_BYTES) {
    return `the design is larger than ${MAX_DESIGN_BYTES / 1024} KB; upload images with /file/upload/image and use their address`;
  }
  const d = design as Partial<CertificateDesign>;
  if (!Array.isArray(d.slides) || !d.slides.length) return 'slides must be a non-empty list';
  if (d.slides.length > MAX_SLIDES) return `at most ${MAX_SLIDES} slides`;
  if (d.viewportRatio !== undefined && (!isNum(d.viewportRatio) || d.viewportRatio <= 0 || d.viewportRatio > 5)) return 'viewportRatio must be a positive number';
  for (const [s, slide] of d.slides.entries()) {
    if (!slide || typeof slide !== 'object' || !Array.isArray(slide.elements)) return `slide ${s + 1}: elements must be a list`;
    if (slide.elements.length > MAX_ELEMENTS) return `slide ${s + 1}: at most ${MAX_ELEMENTS} elements`;
    for (const [i, el] of slide.elements.entries()) {
      const where = `slide ${s + 1}, element ${(el as { name?: string })?.name || i + 1}`;
      if (!el || typeof el !== 'object') return `${where}: not an element`;
      if (el.type !== 'text' && el.type !== 'image') return `${where}: type must be "text" or "image"`;
      for (const k of ['left', 'top', 'width', 'height'] as const) if (!isNum(el[k])) return `${where}: ${k} must be a number`;
      const hide = (el as { hideWhenEmpty?: unknown }).hideWhenEmpty;
      if (hide !== undefined && hide !== '' && !isCertificateTextCode(hide) && !isCertificateNumberCode(hide)) return `${where}: hideWhenEmpty names an unknown field "${String(hide)}"`;
      const code = el.code ?? '';
      if (code === '') continue;
      if (el.type === 'text' && !isCertificateTextCode(code) && !isCertificateNumberCode(code)) return `${where}: unknown text binding code "${String(code)}"`;
      if (el.type === 'image' && !isCertificateImageCode(code)) return `${where}: unknown image binding code "${String(code)}"`;
    }
  }
  return null;
}

export const categoryProblem = (category: unknown): string | null =>
  CERTIFICATE_TEMPLATE_CATEGORIES.some((c) => c.id === category) ? null : `unknown category "${String(category)}"`;

/** The numbering variant a design's number element asks for, if it binds one (the designer picks it there). */
export function designNumberVariant(design: CertificateDesign): NumberingScheme['variant'] | null {
  for (const el of design.slides?.[0]?.elements ?? []) {
    if (el.type === 'text' && el.code && (CERTIFICATE_NUMBER_BODY_CODES as readonly string[]).includes(el.code)) return el.code as NumberingScheme['variant'];
  }
  return null;
}

const LIST_SPLIT = /\s*[、,，;；\n]\s*/;
const list = (v: string | undefined): string[] => (v ? v.split(LIST_SPLIT).filter(Boolean) : []);

/** What a batch itself prints on each of its certificates, never taken from a winner's row. */
export type BatchPrints = { issuer_name: string; competition_name: string };

/**
 * The values one certificate binds: the winner's fields, their list forms for the portrait codes, the personal
 * codes filled from the holder, the number (every number-body code prints it, with prefix and suffix), the
 * QR code and seal images, and the batch's issuing organisation and competition.
 */
export function bindValues(
  r: Pick<Recipient, 'holderName' | 'awardName' | 'values'>,
  number: string,
  scheme: NumberingScheme,
  images: { qrCode?: string; seal?: string },
  batch: BatchPrints = { issuer_name: '', competition_name: '' },
): CertificateValues {
  const v = r.values ?? {};
  const out: Record<string, string | string[]> = { ...v };
  // The batch's issuer and competition, never a winner's row: 证书设置 says the issuing organisation is printed.
  out.issuerName = batch.issuer_name;
  out.competitionName = batch.competition_name;
  out.awardName = r.awardName || v.awardName || '';
  for (const code of ['school', 'student', 'teacher', 'workName'] as const) {
    if (v[code] && !v[`${code}_Portrait`]) out[`${code}_Portrait`] = list(v[code]);
  }
  if (v.teacher && v.school && !v.teacher_school_Portrait) out.teacher_school_Portrait = list(v.teacher).map((t) => `${t}（${v.school}）`);
  out.userName ??= r.holderName;
  out.userName_mid ??= r.holderName;
  if (v.school) out.userSchool ??= v.school;
  // The number: prefix/suffix go in their own codes and the renderer wraps any body code with them.
  const body = number.slice((scheme.prefix ?? '').length, number.length - (scheme.suffix ?? '').length);
  out.certCodePrefix = scheme.prefix ?? '';
  out.certCodeSuffix = scheme.suffix ?? '';
  for (const code of CERTIFICATE_NUMBER_BODY_CODES) out[code] = body;
  if (images.qrCode) out.qrCode = images.qrCode;
  if (images.seal) out.seal = images.seal;
  return out as CertificateValues;
}
