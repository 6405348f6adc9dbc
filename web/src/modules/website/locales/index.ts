import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const WEBSITE_NS = 'website';
addCatalogue(WEBSITE_NS, { 'zh-CN': zhCN, en });
