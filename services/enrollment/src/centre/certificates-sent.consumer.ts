import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, localName, translate, type CertificatesSentEvent, type Lang } from '@cmp/contracts';

/**
 * One personal-centre message per sent certificate, from certificates.batch.sent (CERTIFICATES stream), like
 * the approval messages. At least once delivery: each message records its certificate (source), and the unique
 * index turns a repeat into nothing.
 */
@Injectable()
export class CertificatesSentConsumer {
  constructor(private readonly ds: DataSource) {}

  @ConsumeEvent({ stream: EventStream.certificates, durable: EventConsumer.enrollmentCertificatesSent, subject: EventSubject.certificatesSent })
  async sent(e: CertificatesSentEvent): Promise<void> {
    const list = (Array.isArray(e?.certificates) ? e.certificates : []).filter((c) => Number.isInteger(c?.certificateId) && Number.isInteger(c?.userId));
    if (!list.length) return;
    const competition = (lang: Lang) =>
      [localName(e.competitionName, e.competitionNameEn, lang), localName(e.itemName, e.itemNameEn, lang)].filter(Boolean).join(' / ') || e.batchName;
    const title = (lang: Lang, award: string) => translate('message.certificateSent', lang, { competition: competition(lang), award, issuer: e.issuerName }).slice(0, 300);
    await this.ds.query(
      `INSERT INTO messages (user_id, title_zh, title_en, source)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (source) WHERE source IS NOT NULL DO NOTHING`,
      [list.map((c) => c.userId), list.map((c) => title('zh-CN', c.awardName)), list.map((c) => title('en', c.awardName)), list.map((c) => `certificate:${c.certificateId}`)],
    );
  }
}
