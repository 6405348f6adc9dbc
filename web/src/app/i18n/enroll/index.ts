import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const ENROLL_NS = 'enroll';
addCatalogue(ENROLL_NS, { 'zh-CN': zhCN, en });
