import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { connect } from 'nats';

export interface PrivateNats {
  url: string;
  stop(): Promise<void>;
}

const binary = () =>
  ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin', ...(process.env.PATH ?? '').split(':')]
    .map((dir) => path.join(dir, 'nats-server'))
    .find((file) => fs.existsSync(file));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * A JetStream NATS of a spec's own, without users, on a free loopback port, its store in a temporary folder. The
 * platform's NATS lets only its services in, each on its own subjects; a spec of the event library needs streams of
 * its own names, so it brings its own server (the nats-server the platform installs anyway).
 */
export async function startPrivateNats(): Promise<PrivateNats> {
  const bin = binary();
  if (!bin) throw new Error('nats-server is not installed (npm test installs it)');
  const port = await freePort();
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-nats-'));
  const child: ChildProcess = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await (await connect({ servers: url })).close();
      break;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(store, { recursive: true, force: true });
    },
  };
}
