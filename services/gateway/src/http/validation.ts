import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { echoed, messages, type Lang } from '@cmp/contracts';

/** Thrown by the validation pipe; rendered by the error filter in the caller's language. */
export class InvalidInput extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('invalid input');
  }
}

type Template = { 'zh-CN': string; en: string };
// Messages per class-validator constraint; {field} is the property path, {arg} the constraint's first argument.
const TEMPLATES: Record<string, Template> = {
  isDefined: { 'zh-CN': '{field} 为必填项', en: '{field} is required' },
  isNotEmpty: { 'zh-CN': '{field} 不能为空', en: '{field} must not be empty' },
  isString: { 'zh-CN': '{field} 必须是文本', en: '{field} must be a string' },
  isInt: { 'zh-CN': '{field} 必须是整数', en: '{field} must be a whole number' },
  isBoolean: { 'zh-CN': '{field} 必须是 true 或 false', en: '{field} must be true or false' },
  isArray: { 'zh-CN': '{field} 必须是数组', en: '{field} must be a list' },
  isObject: { 'zh-CN': '{field} 必须是对象', en: '{field} must be an object' },
  isIn: { 'zh-CN': '{field} 必须是以下值之一：{arg}', en: '{field} must be one of: {arg}' },
  min: { 'zh-CN': '{field} 不能小于 {arg}', en: '{field} must not be less than {arg}' },
  max: { 'zh-CN': '{field} 不能大于 {arg}', en: '{field} must not be greater than {arg}' },
  minLength: { 'zh-CN': '{field} 至少 {arg} 个字符', en: '{field} must be at least {arg} characters' },
  maxLength: { 'zh-CN': '{field} 最多 {arg} 个字符', en: '{field} must be at most {arg} characters' },
  isNumber: { 'zh-CN': '{field} 必须是数字', en: '{field} must be a number' },
  arrayMinSize: { 'zh-CN': '{field} 至少 {arg} 项', en: '{field} must have at least {arg} items' },
  arrayMaxSize: { 'zh-CN': '{field} 最多 {arg} 项', en: '{field} must have at most {arg} items' },
  matches: { 'zh-CN': '{field} 格式不正确', en: '{field} is not in the right format' },
  isIso8601: { 'zh-CN': '{field} 必须是日期或时间（如 2026-01-31）', en: '{field} must be a date or time such as 2026-01-31' },
  isEmail: { 'zh-CN': '{field} 不是有效的邮箱地址', en: '{field} must be an email address' },
  whitelistValidation: { 'zh-CN': '不支持的字段 {field}', en: 'unknown field {field}' },
  nestedValidation: { 'zh-CN': '{field} 格式不正确', en: '{field} is not in the right format' },
  // Our own constraints (ValidateBy names), worded in the catalogue.
  isSiteLink: messages['error.siteLink'],
};

/** One line per failing field, naming the field, in the caller's language. */
export function describeValidation(errors: ValidationError[], lang: Lang, parent = ''): string {
  const parts: string[] = [];
  for (const e of errors) {
    // A property name is the client's own text (an unknown field may be any key): cut like every echoed value.
    const field = echoed(parent ? `${parent}.${e.property}` : e.property);
    if (e.children?.length) parts.push(describeValidation(e.children, lang, field));
    const main = mainConstraint(e.constraints ?? {});
    if (!main) continue;
    const [first, fallback] = main;
    // A missing value fails whichever rule runs first; "required" is what a person needs to hear.
    const name = e.value === undefined && first !== 'whitelistValidation' ? 'isDefined' : first;
    const tpl = TEMPLATES[name];
    const arg = argumentOf(name, fallback);
    parts.push(tpl ? tpl[lang].replace('{field}', field).replace('{arg}', arg) : fallback);
  }
  return parts.filter(Boolean).join(lang === 'en' ? '; ' : '；');
}

// Of several failed rules, the most basic one tells a person what to fix first (a wrong type before its length).
const PRIORITY = ['whitelistValidation', 'isDefined', 'isString', 'isInt', 'isNumber', 'isArray', 'isBoolean', 'isNotEmpty', 'isIn'];
function mainConstraint(constraints: Record<string, string>): [string, string] | undefined {
  const entries = Object.entries(constraints);
  const rank = (name: string) => (PRIORITY.includes(name) ? PRIORITY.indexOf(name) : PRIORITY.length);
  return entries.sort((a, b) => rank(a[0]) - rank(b[0]))[0];
}

// class-validator keeps the arguments only inside its English message: read them back from it.
function argumentOf(name: string, message = ''): string {
  if (name === 'isIn') return message.split(': ').pop() ?? '';
  const m = /(-?\d+(?:\.\d+)?)(?!.*\d)/.exec(message);
  return m ? m[1] : '';
}

/**
 * class-validator gathers a class's rules on every validation, scanning every class that has rules for the ones it
 * inherits: the answer is kept per class here, and forgotten whenever a rule is added. Validation with groups (which we
 * do not use) is not kept.
 */
function keepRuleLookups(): void {
  const storage = getMetadataStorage();
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  const known = new Map<unknown, Map<string, ReturnType<typeof lookup>>>();
  storage.addValidationMetadata = (metadata) => {
    known.clear();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups?.length) return lookup(target, schema, always, strictGroups, groups);
    const key = `${schema}\n${always}\n${strictGroups}`;
    let byKey = known.get(target);
    if (!byKey) known.set(target, (byKey = new Map()));
    let rules = byKey.get(key);
    if (!rules) byKey.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
keepRuleLookups();

export const validationPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: (errors) => new InvalidInput(errors),
});
