import { Form, Select, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayStatus, SignupStatus, WorkStatus, type MemberField, type Option } from '@cmp/contracts';
import { useEventLabel } from '@/modules/competition/components/shared';
import { useAsync, type AsyncState } from '@/modules/system/hooks/useAsync';
import { enrollAdminApi } from '../api/enroll-admin.api';
import { ENROLL_ADMIN_NS } from '../locales';
import '@/modules/system/components/system.css';
import './enroll-admin.css';

export const NS = ENROLL_ADMIN_NS;
export { useEventLabel, useLang } from '@/modules/competition/components/shared';

const SIGNUP_COLOR: Record<SignupStatus, string> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };
const PAY_COLOR: Record<PayStatus, string> = { 0: 'default', 1: 'warning', 2: 'success' };

export function SignupStatusTag({ status }: { status: SignupStatus }) {
  const { t } = useTranslation(NS);
  return <Tag color={SIGNUP_COLOR[status]}>{t(`signup.statuses.${status}`)}</Tag>;
}

export function PayStatusTag({ status }: { status: PayStatus }) {
  const { t } = useTranslation(NS);
  return <Tag color={PAY_COLOR[status]}>{t(`signup.payStatuses.${status}`)}</Tag>;
}

export function WorkStatusTag({ status }: { status: WorkStatus }) {
  const { t } = useTranslation(NS);
  return <Tag color={status === WorkStatus.submitted ? 'success' : 'default'}>{t(`work.statuses.${status}`)}</Tag>;
}

export function CompleteTag({ complete }: { complete: boolean }) {
  const { t } = useTranslation(NS);
  return complete ? <Tag color="success">{t('signup.completeYes')}</Tag> : <Tag color="warning">{t('signup.completeNo')}</Tag>;
}

/** Names of member fields in the interface language, joined the language's way. */
export function useFieldNames(): (fields: readonly MemberField[]) => string {
  const { t } = useTranslation(NS);
  return (fields) => fields.map((f) => t(`field.${f}`)).join(t('listSeparator'));
}

export const statusOptions = <T extends number>(values: Record<string, T>, label: (v: T) => string) =>
  Object.values(values).map((value) => ({ value, label: label(value) }));

/** The organiser's competitions (not archived), for the filters. */
export const useCompetitionOptions = () => useAsync((signal) => enrollAdminApi.competitions(signal), []);

/**
 * The competition and event filters every list here starts with: the organiser's competitions, then the
 * chosen one's events. Choosing another competition clears the fields that depend on it (`dependants`).
 */
export function CompetitionEventFilters<F extends { competitionId?: number; itemId?: number }>({
  form,
  competitions,
  dependants = [],
}: {
  form: FormInstance<F>;
  /** useCompetitionOptions() of the page. */
  competitions: AsyncState<Option[]>;
  dependants?: string[];
}) {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  const competitionId = Form.useWatch('competitionId', form) as number | undefined;
  const events = useAsync((signal) => enrollAdminApi.events(competitionId!, signal), [competitionId], !!competitionId);
  return (
    <>
      <Form.Item name="competitionId" label={t('filter.competition')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filter.competitionPlaceholder')}
          style={{ width: 240 }}
          loading={competitions.loading}
          options={competitions.data ?? []}
          onChange={() => form.setFieldsValue(Object.fromEntries(['itemId', ...dependants].map((k) => [k, undefined])) as never)}
        />
      </Form.Item>
      <Form.Item name="itemId" label={t('filter.event', { event: event.label })}>
        <Select
          allowClear
          disabled={!competitionId}
          placeholder={competitionId ? t('common.all') : t('filter.eventPlaceholder')}
          style={{ width: 160 }}
          loading={events.loading}
          options={competitionId ? (events.data ?? []) : []}
        />
      </Form.Item>
    </>
  );
}
