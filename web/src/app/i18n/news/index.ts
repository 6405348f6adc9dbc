import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const NEWS_NS = 'news';
addCatalogue(NEWS_NS, { 'zh-CN': zhCN, en });
