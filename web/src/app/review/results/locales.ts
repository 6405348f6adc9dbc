import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const REVIEW_PUBLIC_NS = 'review-public';
addCatalogue(REVIEW_PUBLIC_NS, { 'zh-CN': zhCN, en });
