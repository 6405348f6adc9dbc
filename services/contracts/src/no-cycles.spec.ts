import * as fs from 'node:fs';
import * as path from 'node:path';

/** Contracts are imported by every service, the web app and the kiosk: their modules must form no import cycle. */
describe('contracts modules', () => {
  it('import each other without a cycle', () => {
    const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'));
    const deps = new Map(
      files.map((f) => [
        f,
        [...fs.readFileSync(path.join(__dirname, f), 'utf8').matchAll(/from '\.\/([\w-]+)'/g)].map((m) => `${m[1]}.ts`).filter((d) => d !== 'index.ts'),
      ]),
    );
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (trail.includes(f)) return void cycles.push([...trail.slice(trail.indexOf(f)), f].join(' → '));
      for (const d of deps.get(f) ?? []) visit(d, [...trail, f]);
    };
    files.filter((f) => f !== 'index.ts').forEach((f) => visit(f, []));
    expect(cycles).toEqual([]);
  });
});
