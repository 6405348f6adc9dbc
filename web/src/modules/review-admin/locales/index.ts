import '@/app/review/locales';
import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const REVIEW_ADMIN_NS = 'review-admin';
addCatalogue(REVIEW_ADMIN_NS, { 'zh-CN': zhCN, en });
