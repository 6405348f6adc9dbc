import type { GroupNode } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** Organisations: the system screens edit them, the website screen picks one. */
export interface GroupSavePayload {
  id?: number;
  parentId: number | null;
  code: string;
  name: string;
  hosts: string[];
}

export const groupApi = {
  tree: () => http.get<GroupNode[]>('/system/group/tree'),
  save: (p: GroupSavePayload) => http.post<unknown>('/system/group/save', p),
  remove: (id: number) => http.post<null>('/system/group/delete', { id }),
};
