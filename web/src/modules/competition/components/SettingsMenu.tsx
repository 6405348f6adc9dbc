import { Button, Dropdown } from 'antd';
import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NS } from './shared';

/** The four settings pages of a competition, by path. */
export const SETTINGS_PAGES = [
  { key: 'schedule', path: '/competition/scheduleSet' },
  { key: 'enroll', path: '/competition/enrollSet' },
  { key: 'workSub', path: '/competition/workSubSet' },
  { key: 'review', path: '/competition/reviewSet' },
] as const;
export type SettingsKey = (typeof SETTINGS_PAGES)[number]['key'];

/** "Settings ▾": schedule, sign-up, work submission, review. */
export function SettingsMenu({ id, link }: { id: number; link?: boolean }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: SETTINGS_PAGES.map((p) => ({ key: p.key, label: t(`settings.${p.key}`) })),
        onClick: ({ key }) => navigate(`${SETTINGS_PAGES.find((p) => p.key === key)!.path}?id=${id}`),
      }}
    >
      {link ? (
        <Button type="link" size="small">
          {t('action.settings')} <DownOutlined />
        </Button>
      ) : (
        <Button icon={<SettingOutlined />}>
          {t('action.settings')} <DownOutlined />
        </Button>
      )}
    </Dropdown>
  );
}
