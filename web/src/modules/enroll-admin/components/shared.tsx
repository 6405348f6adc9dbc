import { Form, Select, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Option } from '@cmp/contracts';
import { useEventLabel, useLang } from '@/app/i18n/hooks';
import { useAsync, type AsyncState } from '@/app/hooks/useAsync';
import { enrollAdminApi } from '../api/enroll-admin.api';
import { ENROLL_ADMIN_NS } from '../locales';
import '@/app/components/page.css';
import './enroll-admin.css';

export const NS = ENROLL_ADMIN_NS;
export { useEventLabel, useLang, useLocalName } from '@/app/i18n/hooks';
// Status tags and field names are the participant screens' own, so both sides read the same words.
export { PayStatusTag, SignupStatusTag, useFieldNames, WorkStatusTag } from '@/app/components/EnrollStatus';
export { ENROLL_NS } from '@/app/i18n/enroll';

export function CompleteTag({ complete }: { complete: boolean }) {
  const { t } = useTranslation(NS);
  return complete ? <Tag color="success">{t('signup.completeYes')}</Tag> : <Tag color="warning">{t('signup.completeNo')}</Tag>;
}

export const statusOptions = <T extends number>(values: Record<string, T>, label: (v: T) => string) =>
  Object.values(values).map((value) => ({ value, label: label(value) }));

/** The organiser's competitions (not archived), for the filters. */
/** The organiser's competitions, named by the server in the interface language. */
export function useCompetitionOptions() {
  const lang = useLang();
  return useAsync((signal) => enrollAdminApi.competitions(signal), [lang]);
}

/**
 * The competition and event filters every list here starts with: the organiser's competitions, then the
 * chosen one's events. Choosing another competition clears the fields that depend on it (`dependants`).
 */
export function CompetitionEventFilters<F extends { competitionId?: number; itemId?: number }>({
  form,
  competitions,
  dependants = [],
  fixed = false,
}: {
  form: FormInstance<F>;
  /** The competition is given (a competition's own tabs): its field stays in the form, unseen. */
  fixed?: boolean;
  /** useCompetitionOptions() of the page. */
  competitions: AsyncState<Option[]>;
  dependants?: string[];
}) {
  const { t } = useTranslation(NS);
  const event = useEventLabel();
  const competitionId = Form.useWatch('competitionId', form) as number | undefined;
  const lang = useLang();
  const events = useAsync((signal) => enrollAdminApi.events(competitionId!, signal), [competitionId, lang], !!competitionId);
  return (
    <>
      <Form.Item name="competitionId" label={t('filter.competition')} hidden={fixed}>
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
