import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getMetadataStorage } from 'class-validator';

// @nestjs/swagger keeps each property's OpenAPI schema under this key (DECORATORS.API_MODEL_PROPERTIES).
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

type DtoClass = (abstract new (...args: never[]) => unknown) & { prototype: object };

/** Every class a gateway DTO file declares validation rules on, nested ones (often not exported) included. */
function dtoClasses(): DtoClass[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.dto.ts') ? [path.join(dir, e.name)] : []));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const file of walk(path.join(__dirname, '..'))) require(file);
  // class-validator keeps every decorated class here, exported or not.
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<DtoClass, unknown[]> };
  return [...storage.validationMetadatas.keys()];
}

type Rule = { name?: string; type: string; each?: boolean; constraints?: unknown[] };

/** The validation rules of each property of a class, inherited ones included. */
function rulesOf(cls: DtoClass): Map<string, Rule[]> {
  const byProperty = new Map<string, Rule[]>();
  for (const m of getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false)) {
    byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m as Rule]);
  }
  return byProperty;
}

/** A pattern that matches the whole text and repeats nothing without an upper bound limits the length too. */
const bounded = (pattern: unknown) =>
  pattern instanceof RegExp && pattern.source.startsWith('^') && pattern.source.endsWith('$') && !/(?<!\\)[*+]|\{\d+,\}/.test(pattern.source);

const classes = dtoClasses();

/**
 * Every list a client may send has a maximum size, in the validation and in the OpenAPI document (maxItems),
 * and every text field a maximum length: a DTO added later cannot forget either, because this walks them all.
 */
describe('gateway DTO limits', () => {
  it('finds the DTO classes', () => {
    expect(classes.length).toBeGreaterThan(100);
  });

  it('gives every array a maximum size, shown in the OpenAPI document as maxItems', () => {
    const missing: string[] = [];
    for (const cls of classes) {
      for (const [property, rules] of rulesOf(cls)) {
        const isList = rules.some((r) => r.name === 'isArray' || r.each) || Reflect.getMetadata('design:type', cls.prototype, property) === Array;
        if (!isList) continue;
        const max = rules.find((r) => r.name === 'arrayMaxSize')?.constraints?.[0];
        const shown = (Reflect.getMetadata(API_MODEL_PROPERTIES, cls.prototype, property) as { maxItems?: number } | undefined)?.maxItems;
        if (max === undefined) missing.push(`${cls.name}.${property}: no @ArrayMaxSize`);
        else if (shown !== max) missing.push(`${cls.name}.${property}: maxItems in OpenAPI is ${shown}, not ${String(max)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every text field a maximum length (or a fixed set of values, a date, a bounded pattern)', () => {
    const missing: string[] = [];
    for (const cls of classes) {
      for (const [property, rules] of rulesOf(cls)) {
        const isText = rules.some((r) => r.name === 'isString') || Reflect.getMetadata('design:type', cls.prototype, property) === String;
        if (!isText) continue;
        const limited = rules.some((r) => ['maxLength', 'isIn', 'isEnum', 'length', 'isIso8601', 'isDateString'].includes(r.name ?? '') || (r.name === 'matches' && bounded(r.constraints?.[0])));
        if (!limited) missing.push(`${cls.name}.${property}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
