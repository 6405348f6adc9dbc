import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const EXPERTS_NS = 'experts';
addCatalogue(EXPERTS_NS, { 'zh-CN': zhCN, en });
