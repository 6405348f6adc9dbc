import type { FormInstance } from 'antd';
import { errorField } from './client';

/**
 * Shows a failed call's message under the field the server names (`data.field`), when it is one of
 * `fields`; `path` is where those fields sit in the form (e.g. ['profile']). True when it did.
 */
export function showServerFieldError(form: FormInstance, err: unknown, fields: readonly string[], path: readonly string[] = []): boolean {
  const field = errorField(err);
  if (!field || !fields.includes(field)) return false;
  form.setFields([{ name: [...path, field] as never, errors: [(err as Error).message] }]);
  return true;
}

/** For a form's onValuesChange: an edited field loses the server's message (its own rules run again anyway). */
export const clearErrorsOnChange = (form: FormInstance) => (changed: object) =>
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
