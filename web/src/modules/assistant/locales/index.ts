import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const ASSISTANT_NS = 'assistant';
addCatalogue(ASSISTANT_NS, { 'zh-CN': zhCN, en });
