import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { GroupSelection } from '@cmp/contracts';
import { siteApi, storedSiteRef } from '@/app/api/site.api';
import { CENTER_PATH } from '@/app/config/constants';
import { firstPagePath } from '@/app/router/menu-routes';
import { readGroupId, sessionActions, sessionStore } from '@/app/session/session';
import { authApi } from '../api/auth.api';
import { AuthShell } from '../components/AuthShell';

interface Option {
  id: number;
  code: string;
  name: string;
}

/** The organisations the user may work in: their own and the direct ones, without repeats. */
export function groupOptions(sel: GroupSelection): Option[] {
  const seen = new Set<number>();
  const out: Option[] = [];
  const add = (id: number, code: string, name?: string) => {
    if (!seen.has(id)) {
      seen.add(id);
      out.push({ id, code, name: name || code });
    }
  };
  add(sel.groupId, sel.groupCode, sel.groupName);
  (sel.directGroups ?? []).forEach((id, i) => add(id, sel.directGroupCodes?.[i] ?? String(id), sel.directGroupNames?.[i]));
  return out;
}

/** /role: choose the organisation; its menu becomes the back office's routes. */
export default function RolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [options, setOptions] = useState<Option[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [entering, setEntering] = useState<number | null>(null);
  const current = readGroupId();
  // Whether one was chosen before this page opened (login clears it): fixed for the page's life.
  const [chosenBefore] = useState(() => current !== null);

  const choose = useCallback(
    async (id: number) => {
      setEntering(id);
      try {
        sessionActions.setGroupId(id);
        await sessionActions.reloadRoutes();
        const target = params.get('redirect') || firstPagePath(sessionStore.get().routes) || CENTER_PATH;
        navigate(target, { replace: true });
      } catch (err) {
        setFailed(err instanceof Error ? err.message : String(err));
      } finally {
        setEntering(null);
      }
    },
    [navigate, params],
  );

  const load = useCallback(async () => {
    setFailed(null);
    setOptions(null);
    try {
      const list = groupOptions(await authApi.groupSelect());
      setOptions(list);
      // Right after login on an organisation's own site, that organisation is the choice when it is one of
      // the person's (a later visit to /role, with one already chosen, still offers them all).
      const site = !chosenBefore && list.length > 1 ? await siteApi.setting(storedSiteRef()).catch(() => null) : null;
      const preferred = list.find((o) => o.id === site?.groupId);
      if (list.length === 1 || preferred) await choose((preferred ?? list[0]).id);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    }
  }, [choose, chosenBefore]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <AuthShell wide>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('auth.role.title')}
      </Typography.Title>
      {failed ? (
        <Result
          status="warning"
          title={t('auth.role.loadFailed')}
          subTitle={failed}
          extra={
            <Button type="primary" onClick={() => void load()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : options === null ? (
        <div className="page-loading">
          <Spin />
        </div>
      ) : options.length === 0 ? (
        <Empty description={t('auth.role.none')} />
      ) : (
        <>
          <Alert type="info" showIcon message={t('auth.role.desc')} />
          <div className="role-list">
            {options.map((o) => (
              <Card key={o.id} size="small" hoverable onClick={() => entering === null && void choose(o.id)}>
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space>
                    <BankOutlined />
                    <Typography.Text strong>{o.name}</Typography.Text>
                  </Space>
                  <Typography.Text type="secondary">{t('auth.role.code', { code: o.code })}</Typography.Text>
                  {current === o.id && <Tag color="blue">{t('auth.role.current')}</Tag>}
                  <Button type="primary" size="small" loading={entering === o.id} disabled={entering !== null && entering !== o.id}>
                    {t('auth.role.enter')}
                  </Button>
                </Space>
              </Card>
            ))}
          </div>
        </>
      )}
    </AuthShell>
  );
}
