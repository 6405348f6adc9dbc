import { useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import Cookies from 'js-cookie';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchRoutes, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CookieName, LOGIN_PATH } from '../config/constants';
import { PageLoading } from '../components/PageLoading';
import { matchedHandle, RoutesContext } from '../router/route-handle';
import { sessionActions, useSession } from '../session/session';
import { decideNavigation } from './decide';
import { progress } from './progress';

/** Runs the navigation guard (spec section 4) on every location and renders what it decides. */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const routes = useContext(RoutesContext);
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const hasRoles = useSession((s) => s.roles.length > 0);
  const status = useSession((s) => s.status);
  const error = useSession((s) => s.error);
  const previousNamed = useRef<string | null>(null);

  const cookieToken = Cookies.get(CookieName.token) ?? null;
  const matched = (matchRoutes(routes, location.pathname) ?? []).length > 0;
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    cookieToken,
    accessToken: token,
    hasRoles,
    matched,
    previousNamedPath: previousNamed.current,
  });
  const { action } = decision;

  useLayoutEffect(() => {
    if (decision.adoptCookieToken && cookieToken) sessionActions.adoptCookieToken(cookieToken);
  }, [decision.adoptCookieToken, cookieToken]);

  useEffect(() => {
    progress.start();
  }, [location.key]);

  useEffect(() => {
    // Not again after a failure (the person retries) or an expiry (the expiry dialog takes over).
    if (action.type === 'load' && (status === 'idle' || status === 'ready')) void sessionActions.loadSession();
  }, [action.type, status]);

  useEffect(() => {
    if (action.type === 'proceed' || (action.type === 'load' && (status === 'error' || status === 'expired'))) progress.done();
    if (action.type === 'proceed' && matchedHandle(routes, location.pathname)) {
      previousNamed.current = location.pathname + location.search;
    }
  }, [action.type, status, routes, location.pathname, location.search]);

  if (action.type === 'redirect') return <Navigate to={action.to} replace />;
  if (action.type === 'load') {
    if (status === 'error') {
      // The spec swallows this failure; we say so and offer a way on.
      return (
        <Result
          className="page-loading--full"
          status="warning"
          title={t('guard.loadFailed')}
          subTitle={error ?? undefined}
          extra={
            <Space wrap>
              <Button type="primary" onClick={() => void sessionActions.loadSession()}>
                {t('common.retry')}
              </Button>
              <Button
                onClick={() => {
                  sessionActions.resetToken();
                  navigate(LOGIN_PATH, { replace: true });
                }}
              >
                {t('guard.relogin')}
              </Button>
            </Space>
          }
        />
      );
    }
    return <PageLoading full tip={t('guard.loading')} />;
  }
  return <>{children}</>;
}
