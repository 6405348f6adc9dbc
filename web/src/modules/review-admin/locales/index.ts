import '@/app/review/locales';
import { addCatalogue } from '@/app/i18n';
import en from './en';
import resultsEn from './results.en';
import resultsZhCN from './results.zh-CN';
import sceneEn from './scene.en';
import sceneZhCN from './scene.zh-CN';
import zhCN from './zh-CN';

export const REVIEW_ADMIN_NS = 'review-admin';
addCatalogue(REVIEW_ADMIN_NS, { 'zh-CN': zhCN, en });
/** 评审结果, 淘汰晋级 and 获奖明细. */
export const REVIEW_RESULTS_NS = 'review-results';
addCatalogue(REVIEW_RESULTS_NS, { 'zh-CN': resultsZhCN, en: resultsEn });
/** 现场评审 and 叫号管理. */
export const REVIEW_SCENE_NS = 'review-scene';
addCatalogue(REVIEW_SCENE_NS, { 'zh-CN': sceneZhCN, en: sceneEn });
