import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { kioskUrl } from '@/app/kiosk-url';
import { REVIEW_SCENE_NS } from '../locales';

/** /screen/call: the queue screen is the kiosk app; this address sends the venue's browser there, keeping ?room=. */
export default function ScreenCallPage() {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const target = kioskUrl(Object.fromEntries(new URLSearchParams(location.search)));
  useEffect(() => {
    const id = setTimeout(() => location.assign(target), 1500);
    return () => clearTimeout(id);
  }, [target]);
  return (
    <Result
      icon={<SoundOutlined />}
      title={t('screenCall.title')}
      subTitle={t('screenCall.text')}
      extra={
        <Button type="primary" href={target}>
          {t('screenCall.open')}
        </Button>
      }
    />
  );
}
