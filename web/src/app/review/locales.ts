import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const REVIEW_ROUND_NS = 'review-round';
addCatalogue(REVIEW_ROUND_NS, { 'zh-CN': zhCN, en });
