import en from './en';
import zh from './zh-CN';

type Tree = { [k: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

describe('finance catalogues', () => {
  const z = leaves(zh as Tree);
  const e = leaves(en as Tree);

  it('have the same keys, none empty, with the same {{placeholders}}', () => {
    expect([...e.keys()].sort()).toEqual([...z.keys()].sort());
    for (const [k, v] of [...z, ...e]) expect([k, v.trim().length > 0]).toEqual([k, true]);
    const names = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [k, v] of z) expect([k, names(e.get(k) ?? '')]).toEqual([k, names(v)]);
  });
});
