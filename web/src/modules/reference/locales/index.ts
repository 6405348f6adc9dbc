import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const REFERENCE_NS = 'reference';
addCatalogue(REFERENCE_NS, { 'zh-CN': zhCN, en });
