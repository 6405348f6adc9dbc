import '@/app/review/locales';
import { addCatalogue } from '@/app/i18n';
import en from './en';
import resultsEn from './results.en';
import resultsZhCN from './results.zh-CN';
import zhCN from './zh-CN';

export const REVIEW_ADMIN_NS = 'review-admin';
addCatalogue(REVIEW_ADMIN_NS, { 'zh-CN': zhCN, en });
/** 评审结果, 淘汰晋级 and 获奖明细. */
export const REVIEW_RESULTS_NS = 'review-results';
addCatalogue(REVIEW_RESULTS_NS, { 'zh-CN': resultsZhCN, en: resultsEn });
