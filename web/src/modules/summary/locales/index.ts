import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const SUMMARY_NS = 'summary';
addCatalogue(SUMMARY_NS, { 'zh-CN': zhCN, en });
