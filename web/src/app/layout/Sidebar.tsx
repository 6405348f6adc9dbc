import { useMemo, useState, useEffect } from 'react';
import { Drawer, Empty, Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { normaliseLang } from '../i18n';
import { ancestorKeys, sidebarItems, type SidebarItem } from '../router/menu-routes';
import { useSession } from '../session/session';
import { appActions, useAppState } from '../store/app-store';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(items: SidebarItem[], en: boolean): MenuItem[] {
  return items.map((i) => ({
    key: i.key,
    icon: menuIcon(i.icon),
    label: en ? i.titleEn : i.title,
    children: i.children ? toMenuItems(i.children, en) : undefined,
  }));
}

function findItem(items: SidebarItem[], key: string): SidebarItem | undefined {
  for (const i of items) {
    if (i.key === key) return i;
    const inner = i.children && findItem(i.children, key);
    if (inner) return inner;
  }
  return undefined;
}

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sidebar-logo" title={t('app.title')}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span className="sidebar-logo__title">{t('app.title')}</span>}
    </Link>
  );
}

function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const routes = useSession((s) => s.routes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const en = normaliseLang(i18n.language) === 'en';
  const items = useMemo(() => sidebarItems(routes), [routes]);
  const menuItems = useMemo(() => toMenuItems(items, en), [items, en]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(items, pathname) ?? []);
  useEffect(() => {
    const keys = ancestorKeys(items, pathname);
    if (keys) setOpenKeys((open) => Array.from(new Set([...open, ...keys])));
  }, [items, pathname]);

  if (!items.length) return <Empty className="sidebar-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={collapsed ? null : t('layout.noMenu')} />;

  return (
    <Menu
      mode="inline"
      // Less indent than antd's 24 px: English labels ("Expert recommendations") need the room.
      inlineIndent={16}
      theme="dark"
      items={menuItems}
      selectedKeys={[pathname]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        const item = findItem(items, key);
        if (!item) return;
        if (item.external) {
          window.open(item.path, '_blank', 'noopener');
          return;
        }
        const search = item.query ? `?${new URLSearchParams(item.query).toString()}` : '';
        navigate(item.path + search);
        onNavigate?.();
      }}
    />
  );
}

/** Collapsible sidebar on desktop; a drawer over the page on phones. */
export function Sidebar() {
  const opened = useAppState((s) => s.sidebarOpened);
  const device = useAppState((s) => s.device);
  const showLogo = useAppState((s) => s.settings.sidebarLogo);

  if (device === 'mobile') {
    return (
      <Drawer
        placement="left"
        open={opened}
        onClose={appActions.closeSidebar}
        width={220}
        closable={false}
        styles={{ body: { padding: 0, background: '#001529' } }}
      >
        {showLogo && <Logo collapsed={false} />}
        <SidebarMenu collapsed={false} onNavigate={appActions.closeSidebar} />
      </Drawer>
    );
  }
  return (
    <Layout.Sider className="sidebar" collapsible collapsed={!opened} trigger={null} width={220} collapsedWidth={64}>
      {showLogo && <Logo collapsed={!opened} />}
      <SidebarMenu collapsed={!opened} />
    </Layout.Sider>
  );
}
