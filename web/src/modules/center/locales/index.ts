import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const CENTRE_NS = 'centre';
addCatalogue(CENTRE_NS, { 'zh-CN': zhCN, en });
