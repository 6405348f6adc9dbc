// Liveness probe for containers: exits 0 while the service's event loop is alive (see startHeartbeat).
import { heartbeatIsFresh } from '@cmp/common';
import { Service } from '@cmp/contracts';

process.exit(heartbeatIsFresh(Service.enrollment) ? 0 : 1);
