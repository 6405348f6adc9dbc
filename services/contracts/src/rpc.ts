import type { Identity } from './permissions';
import type { Lang } from './lang';

/** Metadata of the HTTP request behind an RPC call. */
export interface RequestMeta {
  requestId: string;
  ip: string;
  lang: Lang;
}

/** What travels over NATS for every request: who asks, about what. */
export interface RpcRequest<T = unknown> {
  identity?: Identity;
  meta: RequestMeta;
  payload: T;
}

export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const MAX_PAGE_SIZE = 100;
