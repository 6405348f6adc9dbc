import type {
  Dept,
  ImportCheckReply,
  JobQueueCounts,
  MenuEntry,
  OperationLogQuery,
  OperationLogView,
  Page,
  Role,
  UserAddPayload,
  UserPageQuery,
  UserPasswordPayload,
  UserRoleSetPayload,
  UserUpdatePayload,
  UserView,
} from '@cmp/contracts';
import { http } from '@/app/http/client';

/** Payloads of the save calls: id absent creates, present updates. */
export interface RoleSavePayload {
  id?: number;
  key: string;
  name: string;
  permissions: string[];
  menuIds: number[];
}
export type MenuSavePayload = Omit<MenuEntry, 'children' | 'menuId'> & { menuId?: number };
export interface DeptSavePayload {
  id?: number;
  parentId: number | null;
  name: string;
  orderNum: number;
}

export const userApi = {
  page: (q: UserPageQuery, signal?: AbortSignal) => http.get<Page<UserView>>('/system/user/page', { ...q }, signal),
  add: (p: UserAddPayload) => http.post<null>('/system/user/add', p),
  update: (p: UserUpdatePayload) => http.post<null>('/system/user/update', p),
  roleSet: (p: UserRoleSetPayload) => http.post<null>('/system/user/roleSet', p),
  resetPassword: (p: Required<Pick<UserPasswordPayload, 'id' | 'newPassword'>>) => http.post<null>('/system/user/update/pwd', p),
  remove: (id: number) => http.post<null>('/system/user/delete', { id }),
  downloadTemplate: (fileName: string) => http.download('/system/user/template/export', undefined, fileName),
  checkImport: (file: Blob) => http.upload<ImportCheckReply>('/system/user/template/check', file),
  /** Resolves with code 0 ({count}) or 13017 ({total, valid, errors}). */
  importUsers: (file: Blob) => http.upload<{ count: number } | ImportCheckReply>('/system/user/template/import', file),
};

export const roleApi = {
  list: () => http.get<Role[]>('/system/role/list'),
  save: (p: RoleSavePayload) => http.post<unknown>('/system/role/save', p),
  remove: (id: number) => http.post<null>('/system/role/delete', { id }),
};

export const menuApi = {
  tree: () => http.get<MenuEntry[]>('/system/menu/tree'),
  save: (p: MenuSavePayload) => http.post<unknown>('/system/menu/save', p),
  remove: (id: number) => http.post<null>('/system/menu/delete', { id }),
};

export const deptApi = {
  tree: (groupId?: number) => http.get<Dept[]>('/system/dept/tree', groupId ? { groupId } : {}),
  save: (p: DeptSavePayload) => http.post<unknown>('/system/dept/save', p),
  remove: (id: number) => http.post<null>('/system/dept/delete', { id }),
};

export const logApi = {
  page: (q: OperationLogQuery, signal?: AbortSignal) => http.get<Page<OperationLogView>>('/system/log/page', { ...q }, signal),
};

export const queueApi = {
  list: (signal?: AbortSignal) => http.get<JobQueueCounts[]>('/system/queues', undefined, signal),
  /** Lets the queue board (a page of its own, opened in a new tab) know the caller; answers its address. */
  boardSession: () => http.post<{ path: string }>('/system/queues/board-session'),
};
