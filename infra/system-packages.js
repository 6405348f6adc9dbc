#!/usr/bin/env node
// The Debian packages the platform needs, one list for `npm start`, `npm test` and CI (.ci/run): installed when
// missing and this is root; otherwise the command to run is printed.
//   node infra/system-packages.js servers run test   installs what those groups miss
// Plain Node with no dependencies: .ci/run calls it before `npm install`.
'use strict';

const { execSync } = require('node:child_process');
const fs = require('node:fs');

const PACKAGES = {
  /** Started by infra/up.js when they are down. */
  servers: ['postgresql', 'redis-server', 'nats-server'],
  /**
   * A first certificate or report (Chromium, CJK fonts, poppler), the kiosk's voice (espeak-ng), and nginx serving
   * the built web apps with Debian's brotli module (infra/web-server.js).
   */
  run: [
    'chromium', 'fonts-noto-cjk', 'fonts-wqy-zenhei', 'fonts-wqy-microhei', 'poppler-utils', 'espeak-ng',
    'nginx', 'libnginx-mod-http-brotli-static',
  ],
  /** The browser tests measure the kiosk's spoken call with sox. */
  test: ['sox'],
};

function installed(pkg) {
  try {
    return execSync(`dpkg -s ${pkg} 2>/dev/null`).toString().includes('Status: install ok installed');
  } catch {
    return false;
  }
}

/**
 * Debian's fresh cluster wants passwords on TCP; a cluster this script just installed trusts loopback instead, as
 * the development machines do, so DATABASE_URL needs no password.
 */
function trustLoopback() {
  for (const version of fs.readdirSync('/etc/postgresql')) {
    const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
    if (!fs.existsSync(hba)) continue;
    fs.writeFileSync(hba, `host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n${fs.readFileSync(hba, 'utf8')}`);
    try {
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main reload 2>/dev/null`);
    } catch {
      // not running yet: infra/up.js starts it with the new rules
    }
  }
}

/** Installs the packages of `groups` that are missing; answers them. */
function ensureSystemPackages(groups, { log = console.log } = {}) {
  const missing = groups.flatMap((g) => PACKAGES[g]).filter((p) => !installed(p));
  if (!missing.length) return [];
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    console.warn(`Missing system packages; install them with: sudo ${command}`);
    return [];
  }
  log(`Installing ${missing.join(', ')} ...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${command}`, { stdio: 'inherit' });
  if (missing.includes('postgresql')) trustLoopback();
  return missing;
}

module.exports = { PACKAGES, ensureSystemPackages };

if (require.main === module) {
  const groups = process.argv.slice(2);
  const unknown = groups.filter((g) => !PACKAGES[g]);
  if (!groups.length || unknown.length) {
    console.error(`usage: node infra/system-packages.js ${Object.keys(PACKAGES).join('|')} ...`);
    process.exit(2);
  }
  const added = ensureSystemPackages(groups);
  console.log(added.length ? `installed: ${added.join(' ')}` : `all present: ${groups.flatMap((g) => PACKAGES[g]).join(' ')}`);
}
