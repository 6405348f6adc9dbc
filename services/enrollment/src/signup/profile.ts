import { AppError } from '@cmp/common';
import { IdNumberError, parseIdNumber, translate, type Lang, type MemberField, type MemberProfile } from '@cmp/contracts';

const PHONE = /^1\d{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_FIELDS = ['realName', 'idNumber', 'phone', 'email', 'schoolName', 'college', 'major', 'studentNo', 'grade'] as const;

/**
 * Checks and tidies the details a person gives: trims text, drops empty values, checks the identity
 * number with the shared helper (spec section 5) and takes the gender from it, checks phone and email.
 * Throws a message naming what to fix, with `data: { field }` naming the field for forms.
 */
export function normaliseProfile(input: MemberProfile | undefined): MemberProfile {
  const p: MemberProfile = {};
  const src = input ?? {};
  for (const f of TEXT_FIELDS) {
    const v = src[f];
    if (typeof v === 'string' && v.trim()) p[f] = v.trim();
  }
  if (typeof src.schoolId === 'number' && src.schoolId > 0) p.schoolId = src.schoolId;
  if (src.gender === 1 || src.gender === 2) p.gender = src.gender;
  if (p.idNumber !== undefined) {
    p.idNumber = p.idNumber.toUpperCase();
    try {
      p.gender = parseIdNumber(p.idNumber).gender;
    } catch (e) {
      if (e instanceof IdNumberError) throw AppError.badRequest(e.key, undefined, { field: 'idNumber' });
      throw e;
    }
  }
  if (p.phone !== undefined && !PHONE.test(p.phone)) throw AppError.badRequest('enroll.badPhone', { value: p.phone }, { field: 'phone' });
  if (p.email !== undefined && !EMAIL.test(p.email)) throw AppError.badRequest('enroll.badEmail', { value: p.email }, { field: 'email' });
  return p;
}

/** Required fields the profile lacks ('school' is met by a school id or name). */
export function missingFields(p: MemberProfile, required: readonly MemberField[]): MemberField[] {
  return required.filter((f) => {
    if (f === 'school') return !p.schoolId && !p.schoolName;
    if (f === 'gender') return !p.gender;
    return !p[f];
  });
}

/** A sign-up is complete with at least teamMin members, none of them missing a required field. */
export const isComplete = (missingPerMember: readonly (readonly MemberField[])[], teamMin: number): boolean =>
  missingPerMember.length >= teamMin && missingPerMember.every((m) => !m.length);

export const fieldNames = (fields: readonly MemberField[], lang: Lang) => fields.map((f) => translate(`enroll.field.${f}`, lang)).join(lang === 'en' ? ', ' : '、');

export function requireFields(p: MemberProfile, required: readonly MemberField[], lang: Lang): void {
  const missing = missingFields(p, required);
  if (missing.length) throw AppError.badRequest('enroll.missingFields', { fields: fieldNames(missing, lang) });
}

/** Saved details first, what was given now on top. */
export const mergeProfiles = (saved: MemberProfile, given: MemberProfile): MemberProfile => ({ ...saved, ...given });
