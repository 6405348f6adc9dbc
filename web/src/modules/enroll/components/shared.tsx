import { useEffect } from 'react';
import { Form, Input, Radio, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  IdNumberError,
  parseIdNumber,
  PHONE_PATTERN,
  type MemberField,
  type MemberProfile,
  type SignupDetail,
  type Teacher,
} from '@cmp/contracts';
import { LOGIN_PATH } from '@/app/config/constants';
import { toast } from '@/app/feedback/feedback';
import { showServerFieldError } from '@/app/http/field-errors';
import { useSession } from '@/app/session/session';
import { useLocalName } from '@/app/i18n/hooks';
import { SchoolSelect, schoolValueOf, type SchoolValue } from '@/app/components/SchoolSelect';
import '@/app/i18n/enroll';

// The status words are shared with the back office's sign-up screens.
export { PayStatusTag, SignupStatusTag, useFieldNames, WorkStatusTag } from '@/app/components/EnrollStatus';

/** Member details as a form holds them: the school as the school picker's value. */
export type ProfileValues = Omit<MemberProfile, 'schoolId' | 'schoolName'> & { school?: SchoolValue };

export const profileValues = (p: MemberProfile | undefined): ProfileValues => {
  const { schoolId: _id, schoolName: _name, ...rest } = p ?? {};
  return { ...rest, school: schoolValueOf(p ?? {}) };
};

/** The details a form gave, as the server takes them: trimmed, empty ones left out, the school as id and name. */
export function profileOf(v: ProfileValues | undefined): MemberProfile {
  const { school, ...rest } = v ?? {};
  return compact({ ...rest, schoolId: school?.id || undefined, schoolName: school?.name });
}

/** Trims the strings a form gave and drops empty values (member details, advisers). */
export function compact<T extends object>(p: T | undefined): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p ?? {})) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '' && value !== undefined && value !== null) out[k] = value;
  }
  return out as T;
}

/** Advisers as a form gave them: trimmed, rows without a name left out. */
export const compactTeachers = (rows: Teacher[] | undefined): Teacher[] => (rows ?? []).map((r) => compact(r)).filter((r) => !!r.name);

/**
 * Exactly the member fields a competition requires, under `profile` in the form. The identity number is
 * checked with the shared helper, phone and email as the server checks them, so most mistakes show on the
 * field before the call; the server's own field errors are put on the field by `showProfileError`.
 */
export function ProfileFields({ fields }: { fields: readonly MemberField[] }) {
  const { t } = useTranslation('enroll');
  const required = (f: MemberField) => ({ required: true, whitespace: f !== 'gender', message: t('profile.required', { field: t(`memberField.${f}`) }) });
  return (
    <>
      {fields.map((f) => {
        const name = ['profile', f];
        const label = t(`memberField.${f}`);
        if (f === 'school') {
          return (
            <Form.Item key={f} name={name} label={label} rules={[{ required: true, message: t('profile.required', { field: label }) }]}>
              <SchoolSelect />
            </Form.Item>
          );
        }
        if (f === 'gender') {
          return (
            <Form.Item key={f} name={name} label={label} rules={[required(f)]}>
              <Radio.Group options={[1, 2].map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
            </Form.Item>
          );
        }
        const rules: object[] = [required(f)];
        if (f === 'idNumber') {
          rules.push({
            validator: async (_: unknown, v?: string) => {
              if (!v?.trim()) return;
              try {
                parseIdNumber(v.trim());
              } catch (e) {
                throw new Error(e instanceof IdNumberError && e.key === 'idcard.birth' ? t('profile.idBirth') : t('profile.idLength'));
              }
            },
          });
        }
        if (f === 'phone') rules.push({ pattern: PHONE_PATTERN, message: t('profile.phoneInvalid') });
        if (f === 'email') rules.push({ type: 'email', message: t('profile.emailInvalid') });
        return (
          <Form.Item key={f} name={name} label={label} rules={rules} validateTrigger="onBlur">
            <Input maxLength={f === 'idNumber' ? 18 : f === 'phone' ? 11 : 100} autoComplete="off" />
          </Form.Item>
        );
      })}
    </>
  );
}

/** Puts a server error about a member detail (identity number, phone, email) on its field; true when it did. */
/** A sign-up's name: its team's, or for one person its event's in the interface language (as the page's body names it). */
export function useSignupName(): (s: Pick<SignupDetail, 'teamName' | 'itemName' | 'itemNameEn'>) => string {
  const localName = useLocalName();
  return (s) => s.teamName ?? localName(s.itemName, s.itemNameEn);
}

export const showProfileError = (form: FormInstance, err: unknown) => showServerFieldError(form, err, ['idNumber', 'phone', 'email'], ['profile']);

/** Sends someone who is not logged in to the login page, which brings them back here afterwards. */
export function useLoginRedirect(): boolean {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!token) navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [token, navigate, location.pathname, location.search]);
  return !!token;
}

/** Copies text to the clipboard (with the older fallback where the Clipboard API is refused) and says so. */
export async function copyText(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(done, 'success');
    return;
  } catch {
    /* try the fallback */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  toast(ok ? done : failed, ok ? 'success' : 'warning');
}

export const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
