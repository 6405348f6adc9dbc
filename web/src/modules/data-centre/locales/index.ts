import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const DATA_CENTRE_NS = 'data-centre';
addCatalogue(DATA_CENTRE_NS, { 'zh-CN': zhCN, en });
