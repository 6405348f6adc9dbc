import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const SITE_NS = 'site';
addCatalogue(SITE_NS, { 'zh-CN': zhCN, en });
