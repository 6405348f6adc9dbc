import { useEffect, useState } from 'react';
import { Alert, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import '@/app/components/page.css';
import { sceneApi, type SceneQueue } from '../api/scene.api';
import { useRoundChoice } from '../components/RoundPicker';
import { CheckInTab } from '../components/scene/CheckInTab';
import { OrderTab } from '../components/scene/OrderTab';
import { QueueTab } from '../components/scene/QueueTab';
import { SettingTab } from '../components/scene/SettingTab';
import { REVIEW_SCENE_NS } from '../locales';
import '../components/review-admin.css';

/** 现场评审: the venue and rooms, the order of appearance, check-in at the door and each room's calls. */
export default function ScenePage() {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const { round, picker } = useRoundChoice();
  const onsite = round?.type === 'onsite';
  const setting = useAsync((signal) => (round && onsite ? sceneApi.setting(round.id, signal) : Promise.resolve(null)), [round?.id, onsite]);
  const [queue, setQueue] = useState<SceneQueue>();
  const roundId = round?.id;

  // Staff screens follow the queue: their own actions answer at once, others' show within two seconds.
  useEffect(() => {
    if (!roundId || !onsite) return;
    const ctl = new AbortController();
    const load = () => void sceneApi.queue(roundId, ctl.signal).then(setQueue, () => undefined);
    load();
    const id = setInterval(load, 2000);
    return () => {
      ctl.abort();
      clearInterval(id);
    };
  }, [roundId, onsite, setting.data]);
  const reloadQueue = () => roundId && void sceneApi.queue(roundId).then(setQueue, () => undefined);

  return (
    <div className="system-page review-admin">
      <PageHeader title={t('title')} />
      {picker}
      {!round ? (
        <Empty />
      ) : !onsite ? (
        <Alert type="info" showIcon message={t('notOnsite')} />
      ) : setting.data ? (
        <Tabs
          items={[
            { key: 'queue', label: t('tabs.queue'), children: <QueueTab setting={setting.data} queue={queue} onChange={reloadQueue} /> },
            { key: 'checkin', label: t('tabs.checkin'), children: <CheckInTab roundId={round.id} queue={queue} onChange={reloadQueue} /> },
            { key: 'order', label: t('tabs.order'), children: <OrderTab setting={setting.data} queue={queue} onChange={setting.reload} /> },
            { key: 'setting', label: t('tabs.setting'), children: <SettingTab setting={setting.data} onSaved={setting.reload} /> },
          ]}
        />
      ) : null}
    </div>
  );
}
