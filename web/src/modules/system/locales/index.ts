import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const SYSTEM_NS = 'system';
addCatalogue(SYSTEM_NS, { 'zh-CN': zhCN, en });
