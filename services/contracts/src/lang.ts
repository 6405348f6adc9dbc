/** The languages of the platform; a leaf module, so that anything may import it without a cycle. */
export type Lang = 'zh-CN' | 'en';
export const DEFAULT_LANG: Lang = 'zh-CN';
/** Every language, for validating a chosen one. */
export const LANGS: readonly Lang[] = ['zh-CN', 'en'];

/** Picks a supported language from an Accept-Language style header or a `lang` value. */
export function pickLang(header?: string | null): Lang {
  if (!header) return DEFAULT_LANG;
  const first = header.split(',')[0].trim().toLowerCase();
  return first.startsWith('en') ? 'en' : DEFAULT_LANG;
}

/**
 * A name entered in Chinese and optionally in English (competition, event, award level...) in `lang`: the English
 * one when `lang` is English and there is one, else the Chinese. The web's hook, the services' messages and the
 * exports use it.
 */
export function localName(name: string, nameEn: string | null | undefined, lang: Lang): string {
  return lang === 'en' && nameEn?.trim() ? nameEn : name;
}
