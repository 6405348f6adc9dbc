import { useCallback, useSyncExternalStore } from 'react';

/** A phone-sized screen (below antd's md breakpoint, the public site's CSS breakpoint too). */
export const PHONE_QUERY = '(max-width: 767.98px)';
/**
 * A device in the hand: a phone-sized screen, or a touch screen with no hover (a phone held sideways, a tablet).
 * Such a payer pays in Alipay's phone cashier, not on the computer's page or by scanning a QR code with itself.
 */
export const HANDHELD_QUERY = `${PHONE_QUERY}, (hover: none) and (pointer: coarse)`;

/** Whether the media query matches, following changes (a rotated phone, a resized window). */
export function useMedia(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

export const usePhone = () => useMedia(PHONE_QUERY);
