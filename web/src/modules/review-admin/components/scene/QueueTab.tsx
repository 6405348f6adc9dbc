import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SceneSetting } from '@cmp/contracts';
import type { SceneQueue } from '../../api/scene.api';
import { REVIEW_SCENE_NS } from '../../locales';
import { RoomCard } from './RoomCard';

/** Every room's calls side by side. */
export function QueueTab({ setting, queue, onChange }: { setting: SceneSetting; queue?: SceneQueue; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  if (!queue?.rooms.length) return <Empty description={setting.rooms.length ? t('order.notDrawn') : t('setting.noRooms')} />;
  return (
    <div className="scene-rooms">
      {queue.rooms.map((r) => (
        <RoomCard key={r.roomId} room={r} roundId={setting.roundId} rooms={setting.rooms} teams={queue.teams.filter((x) => x.roomId === r.roomId)} onChange={onChange} />
      ))}
    </div>
  );
}
