// Liveness probe for containers: exits 0 while the service's (or, with `worker`, the worker's) event loop is alive.
import { heartbeatIsFresh } from '@cmp/common';
import { Service } from '@cmp/contracts';

process.exit(heartbeatIsFresh(process.argv[2] === 'worker' ? `${Service.statistics}-worker` : Service.statistics) ? 0 : 1);
