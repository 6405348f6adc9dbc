import { hostLabelKeys, parseHostList, type HostLabelKeys } from './host-labels';

/** The host-dependent labels (spec section 9) for the host this page is served from; VITE_TOPIC_HOSTS names the topic hosts. */
export function currentHostLabelKeys(): HostLabelKeys {
  return hostLabelKeys(window.location.hostname, parseHostList(import.meta.env.VITE_TOPIC_HOSTS));
}
