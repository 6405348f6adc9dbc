import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const WORKBENCH_NS = 'workbench';
addCatalogue(WORKBENCH_NS, { 'zh-CN': zhCN, en });
