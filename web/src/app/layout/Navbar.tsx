import { Avatar, Breadcrumb, Button, Dropdown, Space, Tooltip } from 'antd';
import {
  BankOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CENTER_PATH, HOME_PATH } from '../config/constants';
import { confirmDialog } from '../feedback/feedback';
import { handleTitle, useRouteHandle } from '../router/route-handle';
import { firstPagePath } from '../router/menu-routes';
import { sessionActions, useSession } from '../session/session';
import { appActions, useAppState } from '../store/app-store';
import { LanguageSwitch } from './LanguageSwitch';

export function Navbar({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const opened = useAppState((s) => s.sidebarOpened);
  const device = useAppState((s) => s.device);
  const showSettings = useAppState((s) => s.settings.showSettings);
  const name = useSession((s) => s.name);
  const avatar = useSession((s) => s.avatar);
  const routes = useSession((s) => s.routes);
  const title = handleTitle(useRouteHandle(), t, i18n.language);
  const home = firstPagePath(routes) ?? CENTER_PATH;

  const logout = async () => {
    if ((await confirmDialog(t('layout.logoutConfirm'))) !== 'confirm') return;
    try {
      await sessionActions.logout();
    } finally {
      navigate(HOME_PATH, { replace: true });
    }
  };

  return (
    <div className="navbar">
      <Space size={4} className="navbar__left">
        <Button
          type="text"
          aria-label={t('layout.toggleSidebar')}
          icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={appActions.toggleSidebar}
        />
        {device === 'desktop' && (
          <Breadcrumb
            items={[{ title: <Link to={home}>{t('layout.home')}</Link> }, ...(title ? [{ title }] : [])]}
          />
        )}
      </Space>
      <Space size={4} className="navbar__right">
        {device === 'desktop' && (
          <Tooltip title={t('layout.documentation')}>
            <Button type="text" icon={<FileTextOutlined />} onClick={() => navigate('/manual')} aria-label={t('layout.documentation')} />
          </Tooltip>
        )}
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'home', icon: <HomeOutlined />, label: t('layout.home') },
              { key: 'center', icon: <UserOutlined />, label: t('layout.personalCentre') },
              { key: 'role', icon: <BankOutlined />, label: t('layout.switchOrganisation') },
              { key: 'site', icon: <GlobalOutlined />, label: t('layout.frontDesk') },
              ...(showSettings ? [{ key: 'settings', icon: <SettingOutlined />, label: t('layout.settings') }] : []),
              { type: 'divider' as const },
              { key: 'logout', icon: <LogoutOutlined />, label: t('common.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'home') navigate(home);
              else if (key === 'center') navigate(CENTER_PATH);
              else if (key === 'role') navigate('/role');
              else if (key === 'site') navigate(HOME_PATH);
              else if (key === 'settings') onOpenSettings();
              else if (key === 'logout') void logout();
            },
          }}
        >
          <Button type="text" className="navbar__user">
            <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
            {device === 'desktop' && <span>{name}</span>}
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
