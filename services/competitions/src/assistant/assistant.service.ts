import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NatsRpcClient, RPC, subscribeBroadcast, type RunningConsumer } from '@cmp/common';
import { PUBLIC_CACHE_INVALIDATED, type AssistantSearch, type Lang, type Passage, type RpcRequest, type ScoredPassage } from '@cmp/contracts';
import { publicGroupOf } from '../public-group';
import { sitePassages } from './passages';
import { TextIndex } from './text-index';

/** An index is rebuilt at least this often: a competition's phase moves with the clock, not only with edits. */
const MAX_AGE_MS = 10 * 60_000;
const MAX_LIMIT = 10;

/**
 * The help assistant's retrieval: each site's passages (competitions, news, manual) indexed in memory per
 * organisation and language, built on first question and dropped when an organiser changes what the public site
 * shows (the public-cache broadcast every replica hears) or after MAX_AGE_MS.
 */
@Injectable()
export class AssistantService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly indexes = new Map<string, { at: number; index: Promise<TextIndex<Passage>> }>();
  private sub?: RunningConsumer;

  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  onApplicationBootstrap(): void {
    this.sub = subscribeBroadcast<{ groupId?: number }>(this.rpc.connection, PUBLIC_CACHE_INVALIDATED, (p) => {
      if (!p?.groupId) return this.indexes.clear();
      for (const key of [...this.indexes.keys()]) if (key.startsWith(`${p.groupId}:`)) this.indexes.delete(key);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sub?.stop();
  }

  async search(req: RpcRequest<AssistantSearch>): Promise<ScoredPassage[]> {
    const groupId = await publicGroupOf(this.rpc, req);
    const { question, lang } = req.payload;
    const limit = Math.min(MAX_LIMIT, Math.max(1, req.payload.limit ?? 5));
    const index = await this.indexOf(groupId, lang === 'en' ? 'en' : 'zh-CN');
    return index.search(question, limit).map(({ doc, score }) => ({ ...doc, score: Math.round(score * 1000) / 1000 }));
  }

  private indexOf(groupId: number, lang: Lang): Promise<TextIndex<Passage>> {
    const key = `${groupId}:${lang}`;
    const hit = this.indexes.get(key);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.index;
    const index = buildIndex(this.ds, groupId, lang);
    this.indexes.set(key, { at: Date.now(), index });
    // A failed build is not kept: the next question tries again.
    index.catch(() => this.indexes.get(key)?.index === index && this.indexes.delete(key));
    return index;
  }
}

/** The index of a site in one language (the bench builds it the same way). */
export async function buildIndex(db: Parameters<typeof sitePassages>[0], groupId: number, lang: Lang): Promise<TextIndex<Passage>> {
  const passages = await sitePassages(db, groupId, lang);
  return new TextIndex(passages.map((p) => ({ doc: p, title: p.title, text: p.text })));
}
