import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../config/constants';
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
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return device;
}
