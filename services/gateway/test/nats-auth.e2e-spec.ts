import { randomUUID } from 'node:crypto';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AuthSubject, EventSubject, NatsUser, ROOT_ROLE, type Identity, type RpcRequest } from '@cmp/contracts';
import { NATS_URL, natsAs } from './support/platform';

const codec = JSONCodec<unknown>();

/** The attack of issue 27: a request for the user list as a made-up ROOT caller, in the services' packet format. */
function forgedUserPage(): Uint8Array {
  const identity: Identity = { userId: 1, username: 'root', groupId: 1, roleKeys: [ROOT_ROLE], permissions: [], sessionId: randomUUID() };
  const data: RpcRequest = { identity, meta: { requestId: randomUUID(), ip: '127.0.0.1', lang: 'en' }, payload: { pageNum: 1, pageSize: 5 } };
  return codec.encode({ pattern: AuthSubject.userPage, data, id: randomUUID() });
}

/** Runs `use` on a connection as `user` and closes it whatever happens. */
async function as<T>(user: NatsUser, use: (nc: NatsConnection) => Promise<T>): Promise<T> {
  const nc = await natsAs(user);
  try {
    return await use(nc);
  } finally {
    await nc.close();
  }
}

describe('NATS credentials (issue 27)', () => {
  it('refuses a client that brings no credentials', async () => {
    const anonymous = connect({ servers: NATS_URL, reconnect: false, timeout: 5000 });
    await expect(anonymous.then((nc) => nc.close())).rejects.toThrow(/authorization/i);
  });

  it('refuses a client with a made-up password for a real user', async () => {
    const forged = connect({ servers: NATS_URL, user: 'gateway', pass: 'not-the-password', reconnect: false, timeout: 5000 });
    await expect(forged.then((nc) => nc.close())).rejects.toThrow(/authorization/i);
  });

  it("answers the gateway's user on the auth service's subjects", async () => {
    const reply = await as(NatsUser.gateway, (nc) => nc.request(AuthSubject.userPage, forgedUserPage(), { timeout: 15000 }));
    expect(codec.decode(reply.data)).toHaveProperty('response.list');
  });

  it("refuses the enrollment service's user a request to the auth service's user list", async () => {
    const asked = as(NatsUser.enrollment, (nc) => nc.request(AuthSubject.userPage, forgedUserPage(), { timeout: 5000 }));
    await expect(asked).rejects.toThrow(/permissions violation/i);
  });

  it("refuses the enrollment service's user a subscription to the auth service's logins", async () => {
    const heard = as(NatsUser.enrollment, async (nc) => {
      const sub = nc.subscribe(AuthSubject.loginPassword, { max: 1 });
      // A refusal ends the subscription with the server's error; a subscription let through is closed after a while
      // (on a loaded machine the refusal may come after a flush, so no flush decides it).
      const giveUp = setTimeout(() => sub.unsubscribe(), 10000);
      try {
        for await (const m of sub) return m.subject;
        return 'closed without a message';
      } finally {
        clearTimeout(giveUp);
      }
    });
    await expect(heard).rejects.toThrow(/permissions violation/i);
  });

  it("refuses a worker that publishes another service's event", async () => {
    const published = as(NatsUser.certificatesWorker, (nc) =>
      nc.jetstream().publish(EventSubject.paymentOrderPaid, codec.encode({ orderId: `forged-${randomUUID()}`, signupId: 1, amountFen: 1 }), {
        msgID: randomUUID(),
        timeout: 5000,
      }),
    );
    await expect(published).rejects.toThrow(/permissions violation/i);
  });
});
