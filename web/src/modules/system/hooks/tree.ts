/** Helpers for the tree screens (menus, departments, organisations). */
export interface TreeLike {
  children?: readonly unknown[] | null;
}

const kids = <T,>(n: TreeLike): T[] => (n.children ?? []) as T[];

/** antd shows an expander for any `children` array; leaves must have none. */
export function pruneEmptyChildren<T extends TreeLike>(nodes: readonly T[] | undefined): T[] {
  return (nodes ?? []).map((n) => {
    const children = n.children?.length ? pruneEmptyChildren(kids<T>(n)) : undefined;
    return { ...n, children } as T;
  });
}

export function collectKeys<T extends TreeLike>(nodes: readonly T[] | undefined, key: (n: T) => number | string): (number | string)[] {
  const out: (number | string)[] = [];
  const walk = (list: readonly T[]) =>
    list.forEach((n) => {
      if (n.children?.length) {
        out.push(key(n));
        walk(kids<T>(n));
      }
    });
  walk(nodes ?? []);
  return out;
}

export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** Options for a TreeSelect; `exclude` (the node being edited) and its subtree cannot be chosen. */
export function treeOptions<T extends TreeLike>(
  nodes: readonly T[] | undefined,
  id: (n: T) => number,
  title: (n: T) => string,
  exclude?: number,
  disabled?: (n: T) => boolean,
): TreeOption[] {
  return (nodes ?? [])
    .filter((n) => id(n) !== exclude)
    .map((n) => {
      const children = treeOptions(kids<T>(n), id, title, exclude, disabled);
      return { value: id(n), title: title(n), disabled: disabled?.(n), children: children.length ? children : undefined };
    });
}
