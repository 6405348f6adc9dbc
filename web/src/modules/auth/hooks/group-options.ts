import type { RegisterGroup } from '@cmp/contracts';

/** Select options of the sign-up organisations: "University / College" for a college, so people find their place. */
export function groupOptions(groups: RegisterGroup[]): { value: number; label: string }[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  return groups.map((g) => {
    const parent = g.parentId ? byId.get(g.parentId) : undefined;
    return { value: g.id, label: parent ? `${parent.name} / ${g.name}` : g.name };
  });
}
