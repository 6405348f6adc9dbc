import type { FormInstance } from 'antd';
import { errorField } from '@/app/http/client';

/** Shows a failed call's message under the field the server names (`data.field`), when the form has it. */
export function showServerFieldError(form: FormInstance, err: unknown, fields: readonly string[]): void {
  const field = errorField(err);
  if (field && fields.includes(field)) form.setFields([{ name: field, errors: [(err as Error).message] }]);
}

/** For a form's onValuesChange: an edited field loses the server's message (its own rules run again anyway). */
export const clearErrorsOnChange = (form: FormInstance) => (changed: object) =>
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
