import type { GroupKind, GroupNode, GroupSelection } from '@cmp/contracts';
import { http } from '@/app/http/client';

/** Organisations: the system screens edit them, the website screen picks one. */
export interface GroupSavePayload {
  id?: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string;
  hosts: string[];
  kind?: GroupKind;
}

export const groupApi = {
  tree: () => http.get<GroupNode[]>('/system/group/tree'),
  save: (p: GroupSavePayload) => http.post<unknown>('/system/group/save', p),
  remove: (id: number) => http.post<null>('/system/group/delete', { id }),
  setStatus: (id: number, status: number) => http.post<null>('/system/group/status', { id, status }),
  /** The caller's own organisation and the direct ones it may enter, with names (the /role choice, the account). */
  select: () => http.get<GroupSelection>('/competition/group/user/getSelect'),
};

/** The name of organisation `id` in the caller's selection (its code when it has no name; null when not there). */
export function groupNameIn(sel: GroupSelection, id: number): string | null {
  if (id === sel.groupId) return sel.groupName || sel.groupCode;
  const i = (sel.directGroups ?? []).indexOf(id);
  return i < 0 ? null : sel.directGroupNames?.[i] || sel.directGroupCodes?.[i] || String(id);
}
