import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchoolBrief } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { publicReferenceApi } from '@/app/api/public-reference.api';

/** A chosen school: its id from the reference data, and its (Chinese) name as kept with sign-ups. */
export interface SchoolValue {
  id?: number;
  name: string;
}

/** The school of saved member details as the picker's value. */
export const schoolValueOf = (p: { schoolId?: number | null; schoolName?: string | null }): SchoolValue | undefined =>
  p.schoolName ? { id: p.schoolId ?? undefined, name: p.schoolName } : undefined;

const SEARCH_DELAY_MS = 300;

/**
 * The school picker of participant forms: searches the enabled schools of the reference data by name or
 * code as one types, labelled in the interface language. A form item's value is a SchoolValue.
 */
export function SchoolSelect({ value, onChange, id }: { value?: SchoolValue; onChange?: (v: SchoolValue | undefined) => void; id?: string }) {
  const { t, i18n } = useTranslation();
  const en = normaliseLang(i18n.language) === 'en';
  const [search, setSearch] = useState('');
  const [schools, setSchools] = useState<SchoolBrief[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      publicReferenceApi
        .schools(search.trim(), controller.signal)
        .then((page) => setSchools(page.list))
        .catch(() => undefined)
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  // A school saved as a typed name becomes the reference data's school of that exact name, when there is one,
  // so school quotas (which count by school id) see it.
  const unmatched = value && !value.id ? value.name : undefined;
  useEffect(() => {
    if (!unmatched) return;
    const controller = new AbortController();
    publicReferenceApi
      .schools(unmatched, controller.signal)
      .then((page) => {
        const same = page.list.find((s) => s.name === unmatched);
        if (same) onChange?.({ id: same.id, name: same.name });
      })
      .catch(() => undefined);
    return () => controller.abort();
    // onChange is a new function on every render of the form; the name alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unmatched]);

  const options = useMemo(() => {
    const list = schools.map((s) => ({ value: s.id, label: en && s.nameEn ? s.nameEn : s.name, name: s.name }));
    // The saved school stays shown even when the current search does not list it (id 0: a name typed
    // elsewhere without a school of the reference data).
    const current = value?.id ?? 0;
    if (value?.name && !list.some((o) => o.value === current)) list.unshift({ value: current, label: value.name, name: value.name });
    return list;
  }, [schools, en, value]);

  return (
    <Select<number>
      id={id}
      showSearch
      allowClear
      placeholder={t('schoolSearch')}
      filterOption={false}
      onSearch={setSearch}
      value={value ? (value.id ?? 0) : undefined}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      onChange={(v) => {
        const o = options.find((x) => x.value === v);
        onChange?.(o ? { id: o.value || undefined, name: o.name } : undefined);
      }}
      onClear={() => setSearch('')}
    />
  );
}
