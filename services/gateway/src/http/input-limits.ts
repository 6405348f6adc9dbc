import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { AppError } from '@cmp/common';
import { ErrorCode } from '@cmp/contracts';

/** Deepest nesting of objects and arrays a request body may have; our deepest contract (a certificate design) needs 7. */
export const MAX_JSON_DEPTH = 32;
/**
 * Largest body of Alipay's asynchronous notification. Its documented fields (sign 344, subject 256, body 400,
 * passback_params 512, fund_bill_list 512 characters and the rest) make a form under 10 KB even with Chinese text
 * percent-encoded; 64 KB leaves room for fields Alipay adds. A larger post is refused from its declared length unread.
 */
export const NOTIFY_BODY_LIMIT_BYTES = 64 * 1024;
/** Every integer column of the platform is a 32-bit int: larger values cannot name a row. */
export const INT4_MAX = 2_147_483_647;

/** Nesting depth of a JSON text, counted without parsing it (strings and escapes skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) max = Math.max(max, ++depth);
    else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/** NUL and the C0 controls other than tab, line feed and carriage return: PostgreSQL refuses NUL, and none of them is text anyone types. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A UTF-16 surrogate without its pair: broken text that cannot be stored as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Control characters, or broken Unicode. */
export const hasBadCharacters = (s: string): boolean => CONTROL.test(s) || LONE_SURROGATE.test(s);

/** The path of the first string inside `value` that holds a control character, or null. */
function controlCharacterAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasBadCharacters(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return null;
  for (const [key, v] of Object.entries(value)) {
    if (hasBadCharacters(key)) return path ? `${path}.?` : '?';
    const found = controlCharacterAt(v, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** An integer field beyond what a 32-bit column holds, after validation turned query text into numbers. */
function integerOverflowAt(value: unknown, path: string, depth = 0): { field: string; value: number } | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= INT4_MAX ? null : { field: path, value };
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return null;
  for (const [key, v] of Object.entries(value)) {
    const found = integerOverflowAt(v, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Field names that hold a row's id: a value no column can hold names no row, so it is "not found". */
const isIdField = (field: string) => /(^|\.)(id|ids|[a-z]+Ids?)(\.\d+)?$/.test(field);

/** Before validation: a body that is not a JSON object, and text with control characters, are refused (naming the field). */
export const textPipe: PipeTransform = {
  transform(value: unknown, meta: ArgumentMetadata) {
    if (meta.type !== 'body' && meta.type !== 'query' && meta.type !== 'param') return value;
    // A route's body is a DTO: an array, a string or null where it expects a JSON object is refused here (no body at all
    // is left to validation, which asks for what is required).
    if (meta.type === 'body' && value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw AppError.badRequest('error.bodyNotObject');
    }
    const field = controlCharacterAt(value, '');
    if (field !== null) throw AppError.badRequest('error.controlCharacter', { field: field || meta.type });
    return value;
  },
};

/** After validation: a number beyond a 32-bit column is refused; an id is "not found", anything else a 400. */
export const rangePipe: PipeTransform = {
  transform(value: unknown, meta: ArgumentMetadata) {
    if (meta.type !== 'body' && meta.type !== 'query' && meta.type !== 'param') return value;
    const found = integerOverflowAt(value, '');
    if (!found) return value;
    if (isIdField(found.field)) throw new AppError(ErrorCode.NOT_FOUND, 'error.noSuchRecord', { field: found.field, value: String(found.value) });
    throw AppError.badRequest('error.numberTooLarge', { field: found.field, max: INT4_MAX });
  },
};
