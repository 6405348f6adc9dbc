import { useCallback, useState } from 'react';
import { savedToken, saveToken } from './api';
import { t } from './i18n';
import { useLive } from './live';
import { Pairing } from './Pairing';
import { Screen } from './Screen';
import { useVoice } from './voice';

const params = new URLSearchParams(location.search);
/** ?room=ID shows one of the kiosk's rooms (the back office's /screen/call links here). */
const only = Number(params.get('room')) || null;

function Paired({ token, onDenied }: { token: string; onDenied: () => void }) {
  const voice = useVoice(token);
  const live = useLive(token, onDenied, (room, a) => voice.announce(room, a.number));
  return <Screen live={live} voice={voice} only={only} />;
}

export function App() {
  const [token, setToken] = useState(savedToken);
  const [revoked, setRevoked] = useState(false);
  const paired = useCallback((tk: string) => {
    saveToken(tk);
    setRevoked(false);
    setToken(tk);
  }, []);
  const denied = useCallback(() => {
    saveToken(null);
    setRevoked(true);
    setToken(null);
  }, []);
  return token ? <Paired token={token} onDenied={denied} /> : <Pairing onPaired={paired} notice={revoked ? t('unpaired') : undefined} />;
}
