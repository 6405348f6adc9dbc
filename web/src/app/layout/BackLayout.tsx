import { Suspense, useState } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useAppState } from '../store/app-store';
import { Navbar } from './Navbar';
import { SettingsPanel } from './SettingsPanel';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useDevice } from './useDevice';
import './back-layout.css';

/** The back office's frame: sidebar, navbar, tags view, settings panel and the page. */
export default function BackLayout() {
  const device = useDevice();
  const fixedHeader = useAppState((s) => s.settings.fixedHeader);
  const tagsView = useAppState((s) => s.settings.tagsView);
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <Layout className={`back-layout back-layout--${device}`} hasSider={device === 'desktop'}>
      <Sidebar />
      <Layout className="back-layout__main">
        <header className={fixedHeader ? 'back-header back-header--fixed' : 'back-header'}>
          <Navbar onOpenSettings={() => setSettingsOpen(true)} />
          {tagsView && <TagsView />}
        </header>
        <Layout.Content className="back-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
