import { CLICK_GUARD_MS } from '../config/constants';

export interface ClickGuard {
  /** Runs `action` unless a click in the last `delay` ms already did; returns whether it ran. */
  trigger(action: () => unknown): boolean;
  isLocked(): boolean;
  dispose(): void;
}

/** After a click the control stays disabled for `delay` ms (1000 by default); repeat clicks are ignored. */
export function createClickGuard(delay: number = CLICK_GUARD_MS, onChange?: (locked: boolean) => void): ClickGuard {
  let locked = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    trigger(action) {
      if (locked) return false;
      locked = true;
      onChange?.(true);
      timer = setTimeout(() => {
        locked = false;
        timer = undefined;
        onChange?.(false);
      }, delay);
      action();
      return true;
    },
    isLocked: () => locked,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      locked = false;
    },
  };
}
