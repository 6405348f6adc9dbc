import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/app/click-guard/GuardedButton';

/** The save button of a settings form: guarded, busy while saving; form and call errors are shown where they belong. */
export function SaveBar({ onSave, disabled }: { onSave: () => Promise<void>; disabled?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSave();
    } catch {
      /* field errors show on the form; call errors were toasted */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wizard-footer">
      <GuardedButton type="primary" loading={busy} disabled={disabled} onClick={() => void save()}>
        {t('common.save')}
      </GuardedButton>
    </div>
  );
}
