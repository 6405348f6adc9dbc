import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const REVIEW_NS = 'review';
addCatalogue(REVIEW_NS, { 'zh-CN': zhCN, en });
