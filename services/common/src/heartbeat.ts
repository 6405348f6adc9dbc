import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const fileOf = (service: string) => path.join(os.tmpdir(), `cmp-${service}.heartbeat`);
const EVERY_MS = 5000;

/**
 * Liveness for services without an HTTP port: the process touches a file while its event loop
 * runs, and a probe (`node dist/health.js`) checks the file is fresh.
 */
export function startHeartbeat(service: string): void {
  const touch = () => fs.writeFile(fileOf(service), String(Date.now()), () => undefined);
  touch();
  setInterval(touch, EVERY_MS).unref();
}

export function heartbeatIsFresh(service: string, maxAgeMs = 6 * EVERY_MS): boolean {
  try {
    return Date.now() - fs.statSync(fileOf(service)).mtimeMs < maxAgeMs;
  } catch {
    return false;
  }
}
