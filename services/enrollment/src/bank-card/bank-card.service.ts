import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf } from '@cmp/common';
import { translate, type BankCard, type BankCardSavePayload, type RpcRequest } from '@cmp/contracts';
import { ENROLLMENT_CONFIG, type EnrollmentConfig } from '../config';
import { CardCipher, maskCardNumber, normaliseCardNumber } from './card-number';

const SELECT = `SELECT account_name AS "accountName", bank_name AS "bankName", branch, card_last4 AS last4, updated_at AS "updatedAt"
                FROM bank_cards WHERE user_id = $1`;

/** The caller's own bank card: only ever their own row, the number encrypted at rest and masked on the way out. */
@Injectable()
export class BankCardService {
  private readonly cipher: CardCipher;

  constructor(
    private readonly ds: DataSource,
    @Inject(ENROLLMENT_CONFIG) config: EnrollmentConfig,
  ) {
    this.cipher = new CardCipher(config.bankCardKey);
  }

  async get(req: RpcRequest): Promise<BankCard | null> {
    const [row] = await this.ds.query(SELECT, [callerOf(req).userId]);
    if (!row) return null;
    const { last4, ...rest } = row as Omit<BankCard, 'cardNumberMasked'> & { last4: string };
    return { ...rest, cardNumberMasked: maskCardNumber(last4) };
  }

  async save(req: RpcRequest<BankCardSavePayload>): Promise<BankCard> {
    const me = callerOf(req);
    const p = req.payload;
    const required = (field: 'accountName' | 'bankName') => {
      const v = p[field]?.trim();
      if (!v) throw AppError.badRequest('bankCard.required', { field: translate(`bankCard.field.${field}`, req.meta.lang) }, { field });
      return v;
    };
    const accountName = required('accountName');
    const bankName = required('bankName');
    let number: string;
    try {
      number = normaliseCardNumber(p.cardNumber ?? '');
    } catch (e) {
      // The field the message is about, so a form can show it there.
      if (e instanceof AppError) throw new AppError(e.code, e.key, e.params, { field: 'cardNumber' });
      throw e;
    }
    await this.ds.query(
      `INSERT INTO bank_cards (user_id, account_name, bank_name, branch, card_cipher, card_last4) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET account_name = $2, bank_name = $3, branch = $4, card_cipher = $5, card_last4 = $6, updated_at = now()`,
      [me.userId, accountName, bankName, p.branch?.trim() || null, this.cipher.encrypt(number, me.userId), number.slice(-4)],
    );
    return (await this.get(req))!;
  }

  async remove(req: RpcRequest): Promise<null> {
    await this.ds.query(`DELETE FROM bank_cards WHERE user_id = $1`, [callerOf(req).userId]);
    return null;
  }
}
