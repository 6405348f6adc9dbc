'use strict';
// What a JetStream consumer's acknowledgements cost nats-server under the platform's NATS permissions (the statistics
// bench's cause analysis). Every service's user has `allow_responses` (it answers requests) and an explicit publish
// allow for its consumers' acks ($JS.ACK.<stream>.<durable>.>, contracts' nats-users.ts). With allow_responses the
// server records the reply subject of every message it delivers to that connection (each JetStream delivery's ack
// subject), and an ack allowed by the explicit permission never uses the record up: it stays until it expires (two
// minutes), and past 4,096 records the server scans them all on every delivery. This measures one durable pull
// consumer (the services' way: pulls of 64, the batch acknowledged after a short "apply") on a private nats-server,
// with the services' permission shape and with the same user minus the explicit ack allow.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { connect, AckPolicy, DeliverPolicy } = require('nats');
const { start, stop, freePort, waitUntil, tcpOpen, findBinary } = require('./processes');

const cpuMs = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
};

/** One run: `count` messages published, then consumed; answers { perSecond, serverUsPerMessage }. */
async function consumeRun({ count, explicitAckAllow, applyMs }) {
  const bin = findBinary('nats-server');
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-acks-'));
  const conf = path.join(dir, 'auth.conf');
  const acks = explicitAckAllow ? ', "$JS.ACK.FACTS.model.>"' : '';
  fs.writeFileSync(
    conf,
    `authorization { users = [ { user: "svc", password: "bench", permissions: { publish: { allow: ["facts.>", "$JS.API.>"${acks}] }, ` +
      `subscribe: { allow: ["_INBOX.>"] }, allow_responses: true } } ] }\n`,
  );
  const port = await freePort();
  const server = start('nats (acks)', bin, ['-c', conf, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], process.env);
  let nc;
  try {
    await waitUntil('nats-server (acks)', () => tcpOpen('127.0.0.1', port), [server]);
    nc = await connect({ servers: `127.0.0.1:${port}`, user: 'svc', pass: 'bench' });
    const jsm = await nc.jetstreamManager();
    const js = nc.jetstream();
    await jsm.streams.add({ name: 'FACTS', subjects: ['facts.changed', 'facts.closed'] });
    const body = Buffer.from(JSON.stringify({ id: 1, competitionId: 2, itemName: '赛项1', schoolName: '基准大学1', college: '计算机学院', version: 1, epoch: 'bench' }));
    for (let i = 0; i < count; i += 500) {
      await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, k) => js.publish('facts.changed', body, { msgID: `m-${i + k}` })));
    }
    await jsm.consumers.add('FACTS', { durable_name: 'model', ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, filter_subject: 'facts.changed', max_deliver: -1 });
    const consumer = await js.consumers.get('FACTS', 'model');
    const cpu0 = cpuMs(server.pid);
    const t0 = process.hrtime.bigint();
    const messages = await consumer.consume({ max_messages: 64 });
    let done = 0;
    let batch = [];
    for await (const m of messages) {
      batch.push(m);
      if (batch.length < 64 && done + batch.length < count) continue;
      await new Promise((r) => setTimeout(r, applyMs));
      for (const b of batch) b.ack();
      done += batch.length;
      batch = [];
      if (done >= count) break;
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return { perSecond: count / seconds, serverUsPerMessage: ((cpuMs(server.pid) - cpu0) * 1000) / count, seconds };
  } finally {
    await nc?.close().catch(() => undefined);
    await stop(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Both runs; null when there is no nats-server binary. */
async function ackCost({ count = 30_000, applyMs = 5 } = {}) {
  const services = await consumeRun({ count, explicitAckAllow: true, applyMs });
  if (!services) return null;
  const without = await consumeRun({ count, explicitAckAllow: false, applyMs });
  return { count, applyMs, services, without };
}

module.exports = { ackCost };
