import { useState } from 'react';
import { useClickGuard } from '@/app/click-guard/GuardedButton';

/** A form's submit button: guarded against double clicks, busy while the call runs. */
export function useSubmit(run: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const guard = useClickGuard(async () => {
    setBusy(true);
    try {
      await run();
    } catch {
      /* field errors show on the form, call errors were toasted */
    } finally {
      setBusy(false);
    }
  });
  return { busy, onClick: guard.onClick, disabled: guard.locked && !busy };
}
