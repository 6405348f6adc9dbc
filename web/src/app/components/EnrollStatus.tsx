import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberField, PayStatus, SignupStatus, WorkStatus } from '@cmp/contracts';
import '@/app/i18n/enroll';

// Sign-up, payment and work states in the participant's words, which the back office shows too.
const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };
const PAY_COLOR: Record<number, string> = { 0: 'default', 1: 'warning', 2: 'success', 3: 'default' };

export function SignupStatusTag({ status }: { status: SignupStatus }) {
  const { t } = useTranslation('enroll');
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

export function PayStatusTag({ payStatus }: { payStatus: PayStatus }) {
  const { t } = useTranslation('enroll');
  return <Tag color={PAY_COLOR[payStatus]}>{t(`pay.${payStatus}`)}</Tag>;
}

export function WorkStatusTag({ status }: { status: WorkStatus }) {
  const { t } = useTranslation('enroll');
  return <Tag color={status === 1 ? 'success' : 'default'}>{t(`workStatus.${status}`)}</Tag>;
}

/** The names of missing member fields, in the interface language. */
export function useFieldNames() {
  const { t } = useTranslation('enroll');
  return (fields: readonly MemberField[]) => fields.map((f) => t(`memberField.${f}`)).join(t('listSeparator'));
}

