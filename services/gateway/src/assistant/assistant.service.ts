import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, type Redis } from '@cmp/common';
import {
  ASSISTANT_QUESTION_MAX,
  AssistantSubject,
  EnrollmentSubject,
  localName,
  translate,
  type AnswerMode,
  type AssistantAnswer,
  type AssistantEvent,
  type Lang,
  type ScoredPassage,
  type Signup,
} from '@cmp/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { limitPerAddress } from '../http/address-limit';
import type { Ctx } from '../http/request-context';
import { RpcService } from '../http/rpc.service';
import { REDIS } from '../redis.provider';
import { ChatModel } from './llm';
import { asksAboutOthers, asksAboutOwn } from './privacy';

/** Passages given to the model and shown under an answer. */
const PASSAGES = 5;

export interface Question {
  question: string;
  groupId?: number;
  host: string;
}

/** What is known before any answer text: the passages and how the answer will be made. */
interface Prepared {
  mode: AnswerMode;
  passages: ScoredPassage[];
  notice?: string;
  /** Text of a refusal or of a passages-only answer. */
  answer?: string;
  question: string;
  lang: Lang;
}

/**
 * The help assistant: refuses questions about other people, retrieves the site's passages (competitions service),
 * adds the caller's own sign-ups when they ask about them, and has the configured chat model write the answer from
 * those passages only; without a model (or when it fails) the answer is the best passage, and the notice says so.
 */
@Injectable()
export class AssistantService {
  private readonly logger = new Logger('Assistant');
  private readonly model: ChatModel | null;

  constructor(
    private readonly rpc: RpcService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.model = config.assistantLlm.url ? new ChatModel(config.assistantLlm) : null;
  }

  /** The whole answer at once. */
  async ask(ctx: Ctx, q: Question): Promise<AssistantAnswer> {
    const p = await this.prepare(ctx, q);
    if (p.mode !== 'model') return { mode: p.mode, answer: p.answer ?? '', passages: p.passages, notice: p.notice };
    let answer = '';
    try {
      for await (const piece of this.model!.answer(p.question, p.passages, p.lang)) answer += piece;
      return { mode: 'model', answer, passages: p.passages, notice: p.notice };
    } catch (e) {
      this.logger.warn(`chat model failed: ${(e as Error).message}`);
      return this.fallback(p);
    }
  }

  /** The answer as events: passages first, then the answer's pieces as the model writes them, then done. */
  async *stream(ctx: Ctx, p: Prepared, signal: AbortSignal): AsyncGenerator<AssistantEvent> {
    if (p.mode !== 'model') {
      yield { event: 'passages', data: { mode: p.mode, passages: p.passages, notice: p.notice } };
      if (p.answer) yield { event: 'delta', data: { text: p.answer } };
      yield { event: 'done', data: { mode: p.mode, notice: p.notice } };
      return;
    }
    yield { event: 'passages', data: { mode: 'model', passages: p.passages, notice: p.notice } };
    let wrote = false;
    try {
      for await (const piece of this.model!.answer(p.question, p.passages, p.lang, signal)) {
        wrote = true;
        yield { event: 'delta', data: { text: piece } };
      }
      yield { event: 'done', data: { mode: 'model', notice: p.notice } };
    } catch (e) {
      if (signal.aborted) return;
      this.logger.warn(`chat model failed: ${(e as Error).message}`);
      const f = this.fallback(p);
      // Nothing written yet: the best passage stands in for the answer; half an answer is left as it is.
      if (!wrote) yield { event: 'delta', data: { text: f.answer } };
      yield { event: 'done', data: { mode: 'passages', notice: f.notice } };
    }
  }

  /** Checks, limits, refuses or retrieves: everything before the answer's text. Bad input throws (the envelope). */
  async prepare(ctx: Ctx, q: Question): Promise<Prepared> {
    const question = (q.question ?? '').replace(/\s+/g, ' ').trim();
    if (!question) throw AppError.badRequest('assistant.questionEmpty');
    if ([...question].length > ASSISTANT_QUESTION_MAX) throw AppError.badRequest('assistant.questionTooLong', { max: ASSISTANT_QUESTION_MAX });
    await limitPerAddress(this.redis, 'assistant', ctx.meta.ip, this.config.assistantLimitPerMinute);
    const lang = ctx.meta.lang;
    if (asksAboutOthers(question)) {
      const msg = translate('assistant.refused', lang);
      return { mode: 'refused', passages: [], answer: msg, notice: msg, question, lang };
    }
    const found = await this.rpc.call<ScoredPassage[]>(ctx, AssistantSubject.search, {
      question,
      groupId: q.groupId,
      host: q.groupId ? undefined : q.host,
      lang,
      limit: PASSAGES,
    });
    const own = asksAboutOwn(question);
    let passages = found;
    let notice: string | undefined;
    if (own && ctx.identity) passages = [await this.ownSignups(ctx, lang), ...found].slice(0, PASSAGES);
    else if (own) notice = translate('assistant.loginForOwn', lang);
    if (!passages.length) {
      const msg = translate('assistant.nothingFound', lang);
      return { mode: 'passages', passages, answer: notice ? `${msg}\n${notice}` : msg, notice: msg, question, lang };
    }
    const p: Prepared = { mode: 'model', passages, question, lang, notice };
    return this.model ? p : this.fallback(p, 'assistant.noModel');
  }

  /** The best passage as the answer, with why there is no model's. */
  private fallback(p: Prepared, why: 'assistant.noModel' | 'assistant.modelFailed' = 'assistant.modelFailed'): Prepared & { answer: string } {
    const best = p.passages[0];
    const text = [...best.text].length > 220 ? `${[...best.text].slice(0, 220).join('')}…` : best.text;
    const notice = [translate(why, p.lang), p.notice].filter(Boolean).join(' ');
    return { ...p, mode: 'passages', answer: `${best.title}：${text} [1]`, notice };
  }

  /** The caller's own sign-ups as a passage (from the enrollment service, for the caller only). */
  private async ownSignups(ctx: Ctx, lang: Lang): Promise<ScoredPassage> {
    const list = await this.rpc.call<Signup[]>(ctx, EnrollmentSubject.mySignups, {});
    const en = lang === 'en';
    const lines = list.slice(0, 10).map((s) => {
      const name = `${localName(s.competitionName, s.competitionNameEn, lang)} · ${localName(s.itemName, s.itemNameEn, lang)}`;
      const status = translate(`enroll.status.${s.status}`, lang);
      const pay = translate(`enroll.pay.${s.payStatus}`, lang);
      const fee = s.feeFen ? (en ? ` (fee ${(s.feeFen / 100).toFixed(2)} yuan)` : `（报名费 ${(s.feeFen / 100).toFixed(2)} 元）`) : '';
      const reason = s.rejectReason ? (en ? `, reason: ${s.rejectReason}` : `，原因：${s.rejectReason}`) : '';
      const team = s.teamName ? (en ? `, team ${s.teamName} of ${s.memberCount}` : `，团队“${s.teamName}”${s.memberCount} 人`) : '';
      return en ? `${name}: review ${status}${reason}; payment ${pay}${fee}${team}.` : `${name}：审核状态 ${status}${reason}；缴费状态 ${pay}${fee}${team}。`;
    });
    return {
      id: 'signups:mine',
      source: 'signups',
      title: translate('assistant.mySignupsTitle', lang),
      text: lines.length ? lines.join(' ') : translate('assistant.mySignupsNone', lang),
      link: '/center/competition',
      lang,
      score: 0,
    };
  }
}
