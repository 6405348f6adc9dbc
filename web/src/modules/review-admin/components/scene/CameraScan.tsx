import { useEffect, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REVIEW_SCENE_NS } from '../../locales';

/** Scanning in Chromium's BarcodeDetector (phones and tablets); a scanner gun or typing works everywhere. */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const supported = 'BarcodeDetector' in window && !!navigator.mediaDevices?.getUserMedia;
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval>;
    const Detector = (window as unknown as { BarcodeDetector: new (o: object) => { detect: (v: HTMLVideoElement) => Promise<{ rawValue: string }[]> } }).BarcodeDetector;
    const detector = new Detector({ formats: ['qr_code'] });
    void navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then((s) => {
      stream = s;
      if (video.current) {
        video.current.srcObject = s;
        void video.current.play();
      }
      timer = setInterval(async () => {
        const [hit] = video.current ? await detector.detect(video.current).catch(() => []) : [];
        if (hit) {
          setOn(false);
          onCode(hit.rawValue);
        }
      }, 300);
    }, () => setOn(false));
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [on, onCode]);
  if (!supported) return <Typography.Text type="secondary">{t('checkin.scanUnsupported')}</Typography.Text>;
  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOn(!on)}>
        {t('checkin.scan')}
      </Button>
      {on && <video ref={video} muted playsInline style={{ width: 320, display: 'block', marginTop: 8 }} />}
    </>
  );
}
