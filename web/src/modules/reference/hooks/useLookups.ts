import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@cmp/contracts';
import { normaliseLang } from '@/app/i18n';
import { useAsync } from '@/app/hooks/useAsync';
import { publicReferenceApi } from '@/app/api/public-reference.api';

/** Provinces and a dictionary's labels in the interface language, for choices and table cells. */
export function useLookups(dictType: string = DictType.schoolType) {
  const { i18n } = useTranslation();
  const lang = normaliseLang(i18n.language);
  const provinces = useAsync(() => publicReferenceApi.provinces(), []);
  // The server labels dictionary items in the request's language: ask again when it changes.
  const dict = useAsync(() => publicReferenceApi.dict(dictType), [dictType, lang]);
  return useMemo(() => {
    const en = lang === 'en';
    const provinceOptions = (provinces.data ?? []).map((p) => ({ value: p.code, label: en ? p.nameEn : p.name }));
    const dictOptions = (dict.data ?? []).map((d) => ({ value: d.value, label: d.label }));
    const dictLabel = new Map(dictOptions.map((o) => [o.value, o.label]));
    return { en, provinceOptions, dictOptions, dictLabel: (v: string | null | undefined) => (v ? (dictLabel.get(v) ?? v) : '-') };
  }, [lang, provinces.data, dict.data]);
}
