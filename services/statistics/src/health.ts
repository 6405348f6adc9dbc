// Liveness probe for containers: exits 0 while the service's event loop is alive.
import { heartbeatIsFresh } from '@cmp/common';
import { Service } from '@cmp/contracts';

process.exit(heartbeatIsFresh(Service.statistics) ? 0 : 1);
