import { useEffect } from 'react';
import { Dropdown, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { CENTER_PATH } from '../config/constants';
import { handleTitle, useRouteHandle } from '../router/route-handle';
import { firstPagePath } from '../router/menu-routes';
import { useSession } from '../session/session';
import { useStore } from '../store/create-store';
import { tagsActions, tagsStore } from './tags-store';

/** The pages visited in this session, as tags: switch, close, close others, close all, refresh. */
export function TagsView() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const views = useStore(tagsStore, (s) => s.views);
  const routes = useSession((s) => s.routes);
  const home = firstPagePath(routes) ?? CENTER_PATH;

  useEffect(() => {
    if (handle && !handle.noTag) tagsActions.visit({ path: location.pathname, fullPath: location.pathname + location.search, handle });
  }, [handle, location.pathname, location.search]);

  const close = (path: string) => {
    const i = views.findIndex((v) => v.path === path);
    tagsActions.close(path);
    if (path !== location.pathname) return;
    const next = views[i + 1] ?? views[i - 1];
    navigate(next ? next.fullPath : home);
  };

  return (
    <div className="tags-view">
      <div className="tags-view__list">
        {views.map((v) => (
          <Tag
            key={v.path}
            className="tags-view__tag"
            color={v.path === location.pathname ? 'blue' : undefined}
            closable={views.length > 1}
            onClose={(e) => {
              e.preventDefault();
              close(v.path);
            }}
            onClick={() => navigate(v.fullPath)}
          >
            {handleTitle(v.handle, t, i18n.language)}
          </Tag>
        ))}
      </div>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'refresh', label: t('layout.refreshPage') },
            { key: 'close', label: t('layout.closeCurrent'), disabled: views.length <= 1 },
            { key: 'others', label: t('layout.closeOthers') },
            { key: 'all', label: t('layout.closeAll') },
          ],
          onClick: ({ key }) => {
            if (key === 'refresh') navigate(`/redirect${location.pathname}${location.search}`, { replace: true });
            else if (key === 'close') close(location.pathname);
            else if (key === 'others') tagsActions.closeOthers(location.pathname);
            else if (key === 'all') {
              tagsActions.closeAll();
              navigate(home);
            }
          },
        }}
      >
        <button type="button" className="tags-view__more" aria-label={t('common.more')}>
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
