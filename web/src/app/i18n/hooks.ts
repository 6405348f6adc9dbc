import { useTranslation } from 'react-i18next';
import { localName, type Lang } from '@cmp/contracts';
import { useHostLabelKeys } from '@/app/config/site';
import { normaliseLang } from '@/app/i18n';

/** The interface language, re-rendering when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return normaliseLang(i18n.language);
}

/** The host's label for events (spec section 9): as a heading, and lower-cased for the middle of an English sentence. */
export function useEventLabel(): { label: string; lower: string } {
  const { t, i18n } = useTranslation();
  const label = t(useHostLabelKeys().signUpItem);
  return { label, lower: normaliseLang(i18n.language) === 'en' ? label.toLowerCase() : label };
}

/** The name in a language (contracts' helper, shared with the services' messages and exports). */
export { localName };

/** `localName` in the interface language, re-rendering when it changes. */
export function useLocalName(): (name: string, nameEn: string | null | undefined) => string {
  const lang = useLang();
  return (name, nameEn) => localName(name, nameEn, lang);
}
