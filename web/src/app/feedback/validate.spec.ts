import { validatePromptValue } from './validate';

const DEFAULT = '输入的数据不合法!';

describe('prompt input checks', () => {
  it('passes without rules', () => {
    expect(validatePromptValue('anything', {}, DEFAULT)).toBeNull();
  });

  it('checks a pattern, with the default message', () => {
    expect(validatePromptValue('abc', { pattern: /^\d+$/ }, DEFAULT)).toBe(DEFAULT);
    expect(validatePromptValue('123', { pattern: /^\d+$/ }, DEFAULT)).toBeNull();
  });

  it('is not fooled by a global pattern', () => {
    const g = /^\d+$/g;
    expect(validatePromptValue('1', { pattern: g }, DEFAULT)).toBeNull();
    expect(validatePromptValue('1', { pattern: g }, DEFAULT)).toBeNull();
  });

  it('uses a custom message when given', () => {
    expect(validatePromptValue('', { pattern: /.+/, errorMessage: 'required' }, DEFAULT)).toBe('required');
  });

  it('accepts a validator returning false or its own message', () => {
    expect(validatePromptValue('x', { validator: () => false }, DEFAULT)).toBe(DEFAULT);
    expect(validatePromptValue('x', { validator: () => 'too short' }, DEFAULT)).toBe('too short');
    expect(validatePromptValue('x', { validator: () => true }, DEFAULT)).toBeNull();
  });
});
