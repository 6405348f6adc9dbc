import { lazy, Suspense, useEffect, useMemo } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { TOAST_DURATION_MS, TOAST_OFFSET_PX } from './config/constants';
import { bindMessageApi, dialogStore } from './feedback/feedback';
import { NavigationGuard } from './guard/NavigationGuard';
import { normaliseLang } from './i18n';
import { bindNavigate } from './navigation';
import { handleTitle, RoutesContext, useRouteHandle } from './router/route-handle';
import { buildRoutes, catchAllRoute } from './router/routes';
import { useSession } from './session/session';
import { useStore } from './store/create-store';
import { useAppState } from './store/app-store';

// Dialogs are rare: their code loads with the first one.
const DialogHost = lazy(() => import('./feedback/DialogHost'));

/** Hands antd's message API (toasts: 3000 ms, 16 px from the top) and the router's navigate to code outside React. */
function Bridges() {
  const [api, holder] = message.useMessage({ top: TOAST_OFFSET_PX, duration: TOAST_DURATION_MS / 1000, maxCount: 3 });
  const navigate = useNavigate();
  const hasDialog = useStore(dialogStore, (s) => s.queue.length > 0);
  useEffect(() => bindMessageApi(api), [api]);
  useEffect(() => bindNavigate((to, options) => navigate(to, options)), [navigate]);
  return (
    <>
      {holder}
      {hasDialog && (
        <Suspense fallback={null}>
          <DialogHost />
        </Suspense>
      )}
    </>
  );
}

function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const handle = useRouteHandle();
  useLocation();
  const title = handleTitle(handle, t, i18n.language);
  useEffect(() => {
    const app = t('app.title');
    document.title = title ? `${title} - ${app}` : app;
  }, [title, t]);
  return null;
}

function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(useMemo(() => [...routes, catchAllRoute], [routes]));
}

export default function App() {
  const { i18n } = useTranslation();
  const size = useAppState((s) => s.size);
  const menuRoutes = useSession((s) => s.routes);
  const routes = useMemo(() => buildRoutes(menuRoutes), [menuRoutes]);
  const lang = normaliseLang(i18n.language);

  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} componentSize={size === 'default' ? 'middle' : size}>
      <Bridges />
        <RoutesContext.Provider value={routes}>
          <DocumentTitle />
          <NavigationGuard>
            <AppRoutes routes={routes} />
          </NavigationGuard>
        </RoutesContext.Provider>
    </ConfigProvider>
  );
}
