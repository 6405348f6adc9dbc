// Liveness probe for containers: exits 0 while the service's event loop is alive.
import { heartbeatIsFresh } from '@cmp/common';
import { Service } from '@cmp/contracts';

process.exit(heartbeatIsFresh(Service.review) ? 0 : 1);
