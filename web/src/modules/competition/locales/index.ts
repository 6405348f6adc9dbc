import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const COMPETITION_NS = 'competition';
addCatalogue(COMPETITION_NS, { 'zh-CN': zhCN, en });
