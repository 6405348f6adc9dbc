import type {
  BatchAdd,
  BatchPreviewReply,
  BatchProgress,
  BatchSignupQuery,
  CertificateBatch,
  CertificateQuery,
  CertificateSearchHit,
  CertificateSearchQuery,
  CertificateTemplate,
  CertificateTemplateCategoryId,
  Envelope,
  ImportCheckReply,
  IssuedCertificate,
  NumberingVariant,
  Page,
  PageQuery,
  PickableSignup,
  PublishedRound,
  Recipient,
  RecipientsFromSignups,
  TemplateQuery,
} from '@cmp/contracts';
import { API_BASE } from '@/app/config/constants';
import { http } from '@/app/http/client';

export type TemplateRow = Omit<CertificateTemplate, 'design'>;
export interface BatchQuery extends PageQuery {
  name?: string;
  status?: string;
}
export type { BatchSignupQuery, PickableSignup };
export interface TemplateOptions {
  categories: { id: CertificateTemplateCategoryId; orientation: 'landscape' | 'portrait' }[];
  numberingVariants: NumberingVariant[];
}

/** Server addresses come with the API prefix; the client adds it itself. */
const withoutBase = (url: string) => (url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url);

/** The back office's certificate calls (docs/api-certificates.md). */
export const certAdminApi = {
  options: (signal?: AbortSignal) => http.get<TemplateOptions>('/certificate/template/options', undefined, signal),
  templatePage: (q: TemplateQuery, signal?: AbortSignal) => http.get<Page<TemplateRow>>('/certificate/template/page', { ...q }, signal),
  templateDetail: (id: number, signal?: AbortSignal) => http.get<CertificateTemplate>('/certificate/template/detail', { id }, signal),
  templateDelete: (id: number) => http.post<null>('/certificate/template/delete', { id }),

  seal: (signal?: AbortSignal) => http.get<{ imageUrl: string | null }>('/certificate/seal', undefined, signal),
  sealSave: (imageUrl: string) => http.post<{ imageUrl: string }>('/certificate/seal/save', { imageUrl }),

  batchPage: (q: BatchQuery, signal?: AbortSignal) => http.get<Page<CertificateBatch>>('/certificate/batch/page', { ...q }, signal),
  batchDetail: (id: number, signal?: AbortSignal) => http.get<CertificateBatch>('/certificate/batch/detail', { id }, signal),
  batchAdd: (body: BatchAdd) => http.post<CertificateBatch>('/certificate/batch/add', body),
  batchDelete: (id: number) => http.post<null>('/certificate/batch/delete', { id }),
  recipientsAdd: (batchId: number, recipients: Recipient[]) => http.post<{ total: number }>('/certificate/batch/recipients/add', { batchId, recipients }),
  batchSignups: (q: BatchSignupQuery, signal?: AbortSignal) => http.get<Page<PickableSignup>>('/certificate/batch/signups', { ...q }, signal),
  publishedRounds: (batchId: number, signal?: AbortSignal) => http.get<PublishedRound[]>('/certificate/batch/publishedRounds', { batchId }, signal),
  recipientsFromSignups: (body: RecipientsFromSignups) => http.post<{ added: number; total: number }>('/certificate/batch/recipients/fromSignups', body),
  recipientsTemplate: () => http.download('/certificate/batch/recipients/template', undefined, 'winners.xlsx'),
  /** All rows or none; 13017 resolves with the rows to fix. A success is reported as `{ count }` like other imports. */
  recipientsImport: async (batchId: number, file: Blob): Promise<Envelope<{ count: number } | ImportCheckReply>> => {
    const env = await http.upload<ImportCheckReply>(`/certificate/batch/recipients/import?batchId=${batchId}`, file);
    return env.code === 0 ? { ...env, data: { count: env.data.valid } } : env;
  },
  preview: (batchId: number, count: number, signal?: AbortSignal) =>
    http.get<BatchPreviewReply>('/certificate/batch/preview', { batchId, count }, signal),
  issue: (batchId: number) => http.post<BatchProgress>('/certificate/batch/issue', { batchId }),
  progress: (batchId: number, signal?: AbortSignal) => http.get<BatchProgress>('/certificate/batch/progress', { batchId }, signal),
  retry: (batchId: number) => http.post<BatchProgress>('/certificate/batch/retry', { batchId }),
  send: (batchId: number) => http.post<CertificateBatch>('/certificate/batch/send', { batchId }),
  zip: (b: CertificateBatch) => http.download('/certificate/batch/zip', { batchId: b.id }, `${b.name}.zip`),

  certificatePage: (q: CertificateQuery, signal?: AbortSignal) => http.get<Page<IssuedCertificate>>('/certificate/page', { ...q }, signal),
  search: (q: CertificateSearchQuery, signal?: AbortSignal) => http.get<Page<CertificateSearchHit>>('/certificate/search', { ...q }, signal),
  revoke: (id: number, reason: string) => http.post<IssuedCertificate>('/certificate/revoke', { id, reason }),
  reissue: (id: number, fields: Partial<Recipient>) => http.post<IssuedCertificate>('/certificate/reissue', { id, ...fields }),
  pdf: (c: IssuedCertificate) => http.download(withoutBase(c.pdfUrl!), undefined, `${c.number ?? c.id}.pdf`),
  /** The PNG preview as a local object URL (the file needs the login, so an <img src> cannot fetch it). */
  pngUrl: async (c: IssuedCertificate) => URL.createObjectURL((await http.fetchFile(withoutBase(c.pngUrl!), undefined, `${c.number ?? c.id}.png`)).blob),
};
