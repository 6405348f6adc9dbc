import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, inScope, Scopes } from '@cmp/common';
import {
  hasAnyPermission,
  Perm,
  type ExpertAccountRequest,
  type ExpertAccountResult,
  type ExpertAccountsPayload,
  type RpcRequest,
} from '@cmp/contracts';
import { hashPassword, UserService } from './user.service';

// No 0/O, 1/l/I: a person types the slip's password by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const pick = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** 10 characters with letters and digits: passes the password rule. */
export function generatePassword(): string {
  for (;;) {
    const p = pick(10);
    if (/[A-Za-z]/.test(p) && /\d/.test(p)) return p;
  }
}

interface Existing {
  id: number;
  username: string;
  group_id: number;
}

/**
 * Accounts for experts, asked by the review service: an existing account of the caller's organisations
 * (same phone, or the one account with that email) is linked and given the expert role; otherwise a new
 * account is made with a generated one-time password, returned once. All accounts or none.
 */
@Injectable()
export class ExpertAccountService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UserService,
    private readonly scopes: Scopes,
  ) {}

  async ensure(req: RpcRequest<ExpertAccountsPayload>): Promise<ExpertAccountResult[]> {
    const caller = callerOf(req);
    // This grants a role, so auth checks the permission itself rather than trusting the caller's service.
    if (!hasAnyPermission(caller, [Perm.expertEdit])) throw AppError.noAccess('auth.noAccess');
    const { groupId, accounts, dryRun } = req.payload;
    await this.scopes.assertGroup(req, groupId);
    const scope = await this.scopes.of(req);
    const found = await Promise.all(accounts.map((a) => this.find(this.ds.manager, a)));
    const results: ExpertAccountResult[] = found.map((u, i) =>
      u && !inScope(scope, u.group_id)
        ? { userId: null, username: null, password: null, error: 'expert.accountElsewhere', errorParams: { phone: accounts[i].phone ?? accounts[i].email ?? '' } }
        : { userId: u?.id ?? null, username: u?.username ?? null, password: null, error: null },
    );
    if (dryRun || results.some((r) => r.error)) return results;
    // Hashing is slow: done before the transaction, which then only writes.
    const passwords = await Promise.all(results.map(async (r) => (r.userId ? null : generatePassword())));
    const hashes = await Promise.all(passwords.map((p) => (p ? hashPassword(p) : null)));
    const linked = await this.ds.transaction(async (m) => {
      const [{ id: roleId }] = await m.query(`SELECT id FROM roles WHERE key = 'expert' AND builtin`);
      for (const [i, a] of accounts.entries()) {
        const r = results[i];
        if (!r.userId) {
          const username = await this.freeUsername(m, a);
          const [row] = await this.users.insertUser(m, { username, password: '', realName: a.realName, phone: a.phone, email: a.email, groupId }, hashes[i]!);
          // The slip's password is good for one login, which sets the expert's own.
          await m.query(`UPDATE users SET expires_at = $2, password_one_time = true WHERE id = $1`, [row.id, a.expiresAt ?? null]);
          Object.assign(r, { userId: row.id, username, password: passwords[i] });
        }
        await m.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [r.userId, roleId]);
      }
      return results.filter((r, i) => !passwords[i]).map((r) => r.userId!);
    });
    // Linked accounts that are logged in get the expert role's permissions without logging in again.
    for (const id of linked) await this.users.refreshSessions(id);
    return results;
  }

  private async find(m: EntityManager, a: ExpertAccountRequest): Promise<Existing | null> {
    if (a.phone) {
      const [u] = await m.query(`SELECT id, username, group_id FROM users WHERE phone = $1 AND deleted_at IS NULL`, [a.phone]);
      if (u) return u;
    }
    if (a.email) {
      // Emails are not unique: only an unambiguous match is the same person.
      const rows: Existing[] = await m.query(`SELECT id, username, group_id FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL LIMIT 2`, [a.email]);
      if (rows.length === 1) return rows[0];
    }
    return null;
  }

  /** The phone as account name when free, else the prefix (or "e") with random characters. */
  private async freeUsername(m: EntityManager, a: ExpertAccountRequest): Promise<string> {
    const taken = async (u: string) => (await m.query(`SELECT 1 FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`, [u])).length > 0;
    if (a.phone && !a.usernamePrefix && !(await taken(a.phone))) return a.phone;
    for (;;) {
      const u = `${a.usernamePrefix ?? 'e'}${pick(6).toLowerCase()}`;
      if (!(await taken(u))) return u;
    }
  }
}
