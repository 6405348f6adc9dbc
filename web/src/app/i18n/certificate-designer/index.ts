import { addCatalogue } from '@/app/i18n';
import en from './en';
import zhCN from './zh-CN';

export const CERTIFICATE_DESIGNER_NS = 'certificateDesigner';
addCatalogue(CERTIFICATE_DESIGNER_NS, { 'zh-CN': zhCN, en });
