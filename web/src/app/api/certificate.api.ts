import type { MyCertificate, Page, PageQuery, TraceResult } from '@cmp/contracts';
import { API_BASE } from '@/app/config/constants';
import { http } from '@/app/http/client';

/** Server addresses come with the API prefix; the client adds it itself. */
const withoutBase = (url: string) => (url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url);

export const certificateApi = {
  /** Public: what a certificate's QR code proves (holder masked). */
  trace: (token: string, signal?: AbortSignal) => http.get<TraceResult>('/certificate/trace', { token }, signal),
  /** The caller's certificates from sent batches (personal centre). */
  myPage: (q: PageQuery, signal?: AbortSignal) => http.get<Page<MyCertificate>>('/certificate/my/page', { ...q }, signal),
  download: (c: MyCertificate) => http.download(withoutBase(c.pdfUrl), undefined, `${c.number}.pdf`),
  /** The PNG preview as a local object URL (the file needs the login, so an <img src> cannot fetch it). */
  previewUrl: async (c: MyCertificate) => URL.createObjectURL((await http.fetchFile(withoutBase(c.pngUrl), undefined, `${c.number}.png`)).blob),
};
