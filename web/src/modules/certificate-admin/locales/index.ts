import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const CERTIFICATE_ADMIN_NS = 'certificateAdmin';
addCatalogue(CERTIFICATE_ADMIN_NS, { 'zh-CN': zhCN, en });
