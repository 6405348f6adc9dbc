import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const CERTIFICATE_NS = 'certificate';
addCatalogue(CERTIFICATE_NS, { 'zh-CN': zhCN, en });
