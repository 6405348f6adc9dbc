import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const FINANCE_NS = 'finance';
addCatalogue(FINANCE_NS, { 'zh-CN': zhCN, en });
