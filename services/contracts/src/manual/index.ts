/**
 * 操作手册's content (the web's /manual page and the help assistant's passages): chapters per role, each of sections,
 * in both languages. The web loads one language at a time from './zh-CN' or './en'; services take both from here.
 */
export * from './types';
export { manualZh } from './zh-CN';
export { manualEn } from './en';
