import { useEffect, useState } from 'react';
import { Perm } from '@cmp/contracts';
import { http } from '@/app/http/client';
import { usePermission } from '@/app/permission/permission';

/**
 * The caller's organisation seal for previews: its image address, null when none was uploaded (the PDF will have
 * none), undefined while unknown or where the platform's certificate calls are not used.
 */
export function useOrganisationSeal(enabled: boolean): string | null | undefined {
  const allowed = usePermission([Perm.certificateList]);
  const [seal, setSeal] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled || !allowed) return undefined;
    const abort = new AbortController();
    // A seal that cannot be read counts as none: a preview never shows a seal the PDF might not print.
    void http.optional<{ imageUrl: string | null }>('/certificate/seal', undefined, abort.signal).then((r) => {
      if (!abort.signal.aborted) setSeal(r?.imageUrl ?? null);
    });
    return () => abort.abort();
  }, [enabled, allowed]);
  return seal;
}
