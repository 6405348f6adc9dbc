import type { Lang } from './lang';

/** The help assistant (/deepChat): passages retrieved from a public site's own data, and answers written from them. */

/** Where a passage comes from. `signups` is the caller's own sign-ups, made by the gateway for a logged-in caller. */
export type PassageSource = 'competition' | 'news' | 'manual' | 'signups';

export interface Passage {
  /** Stable within a site and language: `competition:<id>:<part>`, `news:<id>:<n>`, `manual:<section id>`. */
  id: string;
  source: PassageSource;
  title: string;
  text: string;
  /** A path of the web app (/home/competition/details?id=…, /home/newsDetails?id=…, /manual?role=…#section). */
  link: string;
  lang: Lang;
}

export interface ScoredPassage extends Passage {
  score: number;
}

/** competitions.assistant.search: the site is the organisation given, else the one answering the host. */
export interface AssistantSearch {
  question: string;
  groupId?: number;
  host?: string;
  lang: Lang;
  /** At most 10. */
  limit?: number;
}

export const ASSISTANT_QUESTION_MAX = 500;

/**
 * How an answer was made: `model` by the configured chat model from the passages; `passages` the best passages
 * only (no model configured, or it failed: `notice` says which); `refused` a question about another person's data.
 */
export type AnswerMode = 'model' | 'passages' | 'refused';

export interface AssistantAnswer {
  mode: AnswerMode;
  /** The answer's text; in `model` mode it cites passages as [1], [2] (numbered as in `passages`). */
  answer: string;
  passages: ScoredPassage[];
  /** Why there is no model answer (mode `passages`) or why the question is refused, in the caller's language. */
  notice?: string;
}

/** Server-sent events of POST /assistant/ask/stream, in this order: passages, delta*, done (or error). */
export type AssistantEvent =
  | { event: 'passages'; data: { mode: AnswerMode; passages: ScoredPassage[]; notice?: string } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { mode: AnswerMode; notice?: string } }
  | { event: 'error'; data: { code: number; msg: string } };

export const assistantMessages = {
  'assistant.questionEmpty': { 'zh-CN': '请输入问题', en: 'Type a question' },
  'assistant.questionTooLong': {
    'zh-CN': '问题太长了：最多 {max} 个字，请精简后再问',
    en: 'The question is too long: at most {max} characters, please shorten it',
  },
  'assistant.refused': {
    'zh-CN': '抱歉，我只能回答公开的竞赛信息和您本人的报名情况，不能查询其他人的报名、订单、成绩或个人信息。如需办理，请本人登录后询问，或联系竞赛组织者。',
    en: "Sorry, I can only answer from public competition information and your own sign-ups; I can't look up another person's sign-ups, orders, scores or personal details. They can log in and ask themselves, or contact the organisers.",
  },
  'assistant.noModel': {
    'zh-CN': '当前未配置大模型，以下是与问题最相关的原文段落。',
    en: 'No language model is configured: here are the passages that best match your question.',
  },
  'assistant.modelFailed': {
    'zh-CN': '大模型暂时无法回答，以下是与问题最相关的原文段落。',
    en: 'The language model could not answer just now: here are the passages that best match your question.',
  },
  'assistant.nothingFound': {
    'zh-CN': '没有找到与问题相关的内容，请换个说法，或查看竞赛详情页和操作手册。',
    en: 'Nothing on this site matches the question; try other words, or see the competition pages and the manual.',
  },
  'assistant.loginForOwn': {
    'zh-CN': '登录后我可以告诉您本人的报名状态；未登录时只能回答公开信息。',
    en: 'Log in and I can tell you the state of your own sign-ups; until then I answer from public information only.',
  },
  'assistant.mySignupsTitle': { 'zh-CN': '我的报名', en: 'My sign-ups' },
  'assistant.mySignupsNone': { 'zh-CN': '您目前没有报名记录。', en: 'You have no sign-ups yet.' },
} satisfies Record<string, Record<Lang, string>>;
