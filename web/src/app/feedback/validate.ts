/** Checks of a prompt dialog's input: a pattern and/or a validator (false or a message means invalid). */
export interface PromptRules {
  pattern?: RegExp;
  validator?: (value: string) => boolean | string;
  /** shown when the input fails; the default is the spec's '输入的数据不合法!' in the current language */
  errorMessage?: string;
}

/** null when the value passes, else the message to show. */
export function validatePromptValue(value: string, rules: PromptRules, defaultMessage: string): string | null {
  const message = rules.errorMessage || defaultMessage;
  if (rules.pattern) {
    rules.pattern.lastIndex = 0;
    if (!rules.pattern.test(value)) return message;
  }
  if (rules.validator) {
    const result = rules.validator(value);
    if (typeof result === 'string') return result || message;
    if (result === false) return message;
  }
  return null;
}
