import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX, RESIZE_SETTLE_MS } from '../config/constants';
import { appActions, useAppState } from '../store/app-store';

/** Keeps the device type in step with the window width; phones get the drawer sidebar. */
export function useDevice() {
  const device = useAppState((s) => s.device);
  useEffect(() => {
    const update = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT_PX;
      appActions.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) appActions.closeSidebar();
    };
    update();
    // Act once the window has settled: dragging its edge fires many resizes, and a passing one (a
    // full-page capture briefly makes the window 1 px wide) must not close the sidebar for good.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(update, RESIZE_SETTLE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return device;
}
