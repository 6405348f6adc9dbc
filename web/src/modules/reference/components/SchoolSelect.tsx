import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchoolBrief } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { publicReferenceApi } from '../api/reference.api';

/** A chosen school: its id from the reference data, and its (Chinese) name as kept with sign-ups. */
export interface SchoolValue {
  id?: number;
  name: string;
}

const SEARCH_DELAY_MS = 300;

/**
 * The school picker of participant forms: searches the enabled schools of the reference data by name or
 * code as one types, labelled in the interface language. A form item's value is a SchoolValue.
 */
export function SchoolSelect({ value, onChange, placeholder, id }: { value?: SchoolValue; onChange?: (v: SchoolValue | undefined) => void; placeholder?: string; id?: string }) {
  const { i18n } = useTranslation();
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
      placeholder={placeholder}
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
