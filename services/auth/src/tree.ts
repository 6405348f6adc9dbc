/** Nests flat rows by parentId, keeping their order; rows whose parent is not in the list become roots. */
export function buildTree<T extends { parentId: number | null; children: T[] }>(rows: T[], idOf: (r: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  const roots: T[] = [];
  for (const r of rows) {
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) parent.children.push(r);
    else roots.push(r);
  }
  return roots;
}
