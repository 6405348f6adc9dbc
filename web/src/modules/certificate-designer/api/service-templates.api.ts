import type { Page } from '@cmp/contracts';
import { http } from '@/app/http/client';
import { fromService, toServiceSave, type ServiceTemplate } from './template-mapping';
import { localTemplateApi, type TemplateApi } from './templates.api';

/** The certificates service's template calls (GET page/detail, POST add/update/delete under /certificate/template). */
export const serviceTemplateApi: TemplateApi = {
  where: 'service',
  async list() {
    const page = await http.get<Page<ServiceTemplate>>('/certificate/template/page', { pageNum: 1, pageSize: 100 });
    return page.list.map(fromService);
  },
  async get(id) {
    return fromService(await http.get<ServiceTemplate>('/certificate/template/detail', { id }));
  },
  async save(input) {
    const body = toServiceSave(input);
    return fromService(await http.post<ServiceTemplate>(body.id ? '/certificate/template/update' : '/certificate/template/add', body));
  },
  async remove(id) {
    await http.post('/certificate/template/delete', { id: Number(id) });
  },
};

let chosen: Promise<TemplateApi> | null = null;

/**
 * The service when this platform serves certificate templates (its options call answers), else drafts in this
 * browser, so the designer works before the certificates service is deployed. Decided once per page load.
 */
export function chooseTemplateApi(): Promise<TemplateApi> {
  chosen ??= http
    .optional<unknown>('/certificate/template/options')
    .then((options) => (options ? serviceTemplateApi : localTemplateApi()))
    .catch(() => localTemplateApi());
  return chosen;
}
