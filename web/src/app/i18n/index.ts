import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@cmp/contracts';
import { LANG_COOKIE, StorageKey } from '../config/constants';
import { storage } from '../storage';
import zhCN from './locales/zh-CN';
import en from './locales/en';

export const LANGUAGES: readonly Lang[] = ['zh-CN', 'en'];

/** Reads the stored language; 'zh-cn' (the spec's spelling) and unknown values fall back to zh-CN. */
export function normaliseLang(value: string | null | undefined): Lang {
  return value && value.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: normaliseLang(storage.get(StorageKey.language)),
  fallbackLng: 'zh-CN',
  // Module namespaces fall back to the app's strings (common.save, ...).
  fallbackNS: 'translation',
  supportedLngs: LANGUAGES as Lang[],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  rememberForServer(i18n.language);
}

/** The public pages are rendered on the server in the visitor's language: it reads this cookie (ssr/entry-server). */
function rememberForServer(lang: string): void {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
}

export function currentLang(): Lang {
  return normaliseLang(i18n.language);
}

export function setLanguage(lang: Lang): void {
  storage.set(StorageKey.language, lang);
  document.documentElement.lang = lang;
  rememberForServer(lang);
  void i18n.changeLanguage(lang);
}

/** Adds a module's strings (loaded with its lazy chunk) under its own namespace. */
export function addCatalogue(ns: string, catalogues: Record<Lang, object>): void {
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, catalogues[lang], true, false);
  }
}

export default i18n;
