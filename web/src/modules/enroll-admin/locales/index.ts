import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const ENROLL_ADMIN_NS = 'enrollAdmin';
addCatalogue(ENROLL_ADMIN_NS, { 'zh-CN': zhCN, en });
