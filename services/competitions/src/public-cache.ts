import type { NatsRpcClient } from '@cmp/common';
import { PUBLIC_CACHE_INVALIDATED } from '@cmp/contracts';

/**
 * Tells every gateway to drop its cached public answers. The flush waits until the NATS server has the
 * message, so it reaches a gateway before this service's reply to the change does (the server delivers
 * in the order it received), and the organiser's next read is never served stale. Without a group (platform-wide
 * data: dictionaries) every listener drops everything, the competitions service's own replicas included.
 */
export async function invalidatePublicCache(nats: NatsRpcClient, groupId?: number): Promise<void> {
  nats.connection.publish(PUBLIC_CACHE_INVALIDATED, JSON.stringify({ groupId }));
  await nats.connection.flush();
}
