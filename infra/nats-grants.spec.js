'use strict';

// The NATS grants (contracts, nats-users.ts) against the services' code: a service whose code calls a subject, or
// runs a durable consumer, that its NATS user is not granted would fail at run time with a permissions violation.
const fs = require('node:fs');
const path = require('node:path');
const contracts = require('@cmp/contracts');

const REPO = path.resolve(__dirname, '..');
const sources = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.ts$/.test(e.name) && !/\.spec\.ts$/.test(e.name) ? [fs.readFileSync(file, 'utf8')] : [];
  });

/** `AuthSubject.groupScope` → 'auth.group.scope', for every catalogue object a service serves. */
const catalogue = Object.fromEntries(
  Object.entries(contracts).filter(([name, value]) => /Subject$/.test(name) && name !== 'EventSubject' && value && typeof value === 'object'),
);
const referenced = (text, pattern) => [...text.matchAll(pattern)];

describe('NATS grants', () => {
  const services = Object.keys(contracts.SERVED_SUBJECTS);

  it('names every request catalogue under the service that serves it', () => {
    const served = Object.values(contracts.SERVED_SUBJECTS).flat();
    for (const [name, value] of Object.entries(catalogue)) expect({ name, served: served.includes(value) }).toEqual({ name, served: true });
  });

  it.each([...services, 'gateway'])('grants %s every subject of another service its code calls', (service) => {
    const text = sources(path.join(REPO, 'services', service, 'src')).join('\n');
    const own = service === 'gateway' ? [] : contracts.servedBy(service);
    const allowed = contracts.natsPermissions(service).publish.allow;
    const called = referenced(text, /\b([A-Z][A-Za-z]*Subject)\.([a-zA-Z]+)\b/g)
      .filter(([, object]) => catalogue[object])
      .map(([, object, key]) => catalogue[object][key])
      .filter((subject) => subject && !own.includes(subject));
    expect([...new Set(called)].filter((s) => !allowed.includes(s))).toEqual([]);
    // Another service's catalogue under another name would hide its calls from this check.
    const aliased = referenced(text, /\b([A-Z][A-Za-z]*Subject) as [A-Za-z]+/g)
      .map(([, object]) => object)
      .filter((object) => catalogue[object] && service !== 'gateway' && !contracts.SERVED_SUBJECTS[service].includes(catalogue[object]));
    expect(aliased).toEqual([]);
  });

  it.each([...services, 'gateway'])("grants %s the durable consumers its code runs, and no other user's", (service) => {
    const text = sources(path.join(REPO, 'services', service, 'src')).join('\n');
    const durables = referenced(text, /\bEventConsumer\.([a-zA-Z]+)\b/g).map(([, key]) => contracts.EventConsumer[key]);
    expect(contracts.NATS_GRANTS[service].consumes.map((c) => c.durable).sort()).toEqual([...new Set(durables)].sort());
  });

  it('lets no user publish into a stream it does not own, nor use JetStream beyond its own streams and consumers', () => {
    const permissions = contracts.natsPermissions(contracts.NatsUser.enrollment);
    expect(permissions.publish.allow).toContain(contracts.EventSubject.signupClosed);
    expect(permissions.publish.allow).not.toContain(contracts.EventSubject.paymentOrderPaid);
    expect(permissions.publish.allow).not.toContain(contracts.AuthSubject.userPage);
    expect(permissions.publish.allow.filter((s) => s.startsWith('$JS') && /[>*]/.test(s) && !/\.(enrollment-[a-z-]+)\.>$/.test(s))).toEqual([]);
    expect(contracts.natsPermissions(contracts.NatsUser.paymentWorker).subscribe.allow).toEqual(['_INBOX_payment-worker.>']);
  });
});
