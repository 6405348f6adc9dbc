import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { Form, type FormInstance } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '@cmp/contracts';
import { useAsync, type AsyncState } from './useAsync';

interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

export interface PagedList<T, Q extends PageQuery = PageQuery, F = unknown> {
  /** The search form above the list. */
  filters: FormInstance<F>;
  query: Q;
  setQuery: Dispatch<SetStateAction<Q>>;
  list: AsyncState<Page<T>>;
  /** Reads the filter form and goes back to page 1. */
  search(): void;
  /** Clears the filter form and goes back to page 1. */
  reset(): void;
  /** After a row was deleted: back one page when it was the last row of a later page, else reload this one. */
  afterDelete(): void;
}

/**
 * The filters a link set in the address (`?status=unpaid`), among `names`, as the page first opened: a number where
 * the filter's options are numbers (a sign-up's status), text otherwise.
 */
export function useFiltersFromAddress<F>(names: readonly (keyof F & string)[]): Partial<F> {
  const [params] = useSearchParams();
  const [linked] = useState(() => {
    const values: Partial<F> = {};
    for (const name of names) {
      const value = params.get(name);
      if (value !== null) values[name] = (/^\d+$/.test(value) ? Number(value) : value) as F[typeof name];
    }
    return values;
  });
  return linked;
}

/**
 * A back-office list: its search form, its query (paging and the form's values) and the page it loads.
 * `fromAddress` names the filters a link may set in the address (`?status=unpaid`, as the workbench's to-dos do):
 * the list opens with them in its form and its query.
 */
export function usePagedList<T, Q extends PageQuery, F>(
  load: (query: Q, signal: AbortSignal) => Promise<Page<T>>,
  toQuery: (values: F) => Omit<Q, 'pageNum' | 'pageSize'>,
  fromAddress: readonly (keyof F & string)[] = [],
): PagedList<T, Q, F> {
  const [filters] = Form.useForm<F>();
  const linked = useFiltersFromAddress<F>(fromAddress);
  const [query, setQuery] = useState<Q>(() => ({ pageNum: 1, pageSize: 10, ...toQuery(linked as F) }) as Q);
  // The form exists once the page has rendered it.
  useEffect(() => {
    if (Object.keys(linked).length) filters.setFieldsValue(linked as Parameters<typeof filters.setFieldsValue>[0]);
  }, [filters, linked]);
  const list = useAsync((signal) => load(query, signal), [query]);
  return {
    filters,
    query,
    setQuery,
    list,
    search: () => {
      const values = toQuery(filters.getFieldsValue());
      setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize, ...values }) as Q);
    },
    reset: () => {
      filters.resetFields();
      setQuery((q) => ({ pageNum: 1, pageSize: q.pageSize }) as Q);
    },
    afterDelete: () => {
      const lastOnPage = (list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1;
      if (lastOnPage) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
      else list.reload();
    },
  };
}
