import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { KIOSK_PAIRING_SECONDS, type KioskPairing } from '@cmp/contracts';
import { pairingStatus, startPairing } from './api';
import { t } from './i18n';

/** A new screen shows a code until an organiser binds it; then it keeps its device token. */
export function Pairing({ onPaired, notice }: { onPaired: (token: string) => void; notice?: string }) {
  const [pairing, setPairing] = useState<KioskPairing | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    let current: KioskPairing | null = null;
    const tick = async () => {
      try {
        if (!current || Date.parse(current.expiresAt) < Date.now() + 5000) {
          current = await startPairing();
          setPairing(current);
        }
        const s = await pairingStatus(current.pairingKey);
        if (s.bound && s.token) return onPaired(s.token);
        setFailed(false);
      } catch {
        current = null;
        setFailed(true);
      }
      if (!stopped) timer = setTimeout(tick, 1500);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [onPaired]);

  return (
    <div className="pairing">
      <h1>{t('pairTitle')}</h1>
      {notice && <p className="pairing__notice">{notice}</p>}
      <p>{t('pairHint')}</p>
      <div className="pairing__code" data-testid="pairing-code">
        {pairing ? pairing.code : <Spin size="large" />}
      </div>
      <p className="pairing__hint">{failed ? t('pairError') : t('pairExpires', { min: KIOSK_PAIRING_SECONDS / 60 })}</p>
    </div>
  );
}
