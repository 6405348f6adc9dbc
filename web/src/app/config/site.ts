import { useContext } from 'react';
import { SsrContext } from '../ssr/ssr';
import { hostLabelKeys, parseHostList, type HostLabelKeys } from './host-labels';

/** The host-dependent labels (spec section 9) for the host this page is served from; VITE_TOPIC_HOSTS names the topic hosts. */
export function currentHostLabelKeys(host = window.location.hostname): HostLabelKeys {
  return hostLabelKeys(host, parseHostList(import.meta.env.VITE_TOPIC_HOSTS));
}

/** The same in a component that may render on the server (the public pages), where the request names the host. */
export function useHostLabelKeys(): HostLabelKeys {
  const server = useContext(SsrContext);
  return currentHostLabelKeys(server ? server.host : window.location.hostname);
}
