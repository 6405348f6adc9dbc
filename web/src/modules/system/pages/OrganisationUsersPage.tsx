import { useMemo, useState } from 'react';
import { Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupNode } from '@cmp/contracts';
import { groupApi } from '@/app/api/group.api';
import { useAsync } from '@/app/hooks/useAsync';
import { useSession } from '@/app/session/session';
import { treeOptions } from '../hooks/tree';
import { UsersScreen } from './UsersPage';
import '../locales';

/** 机构用户: the accounts of one organisation in reach, chosen from the tree (the caller's own first). */
export default function OrganisationUsersPage() {
  const { t } = useTranslation('system');
  const own = useSession((s) => s.user?.groupId);
  const tree = useAsync(() => groupApi.tree(), []);
  const [picked, setPicked] = useState<number>();
  const groupId = picked ?? own;
  const options = useMemo(
    () => treeOptions<GroupNode>(tree.data, (g) => g.id, (g) => (g.code ? `${g.name}（${g.code}）` : g.name)),
    [tree.data],
  );
  const name = useMemo(() => findName(tree.data ?? [], groupId), [tree.data, groupId]);
  const picker = (
      <Form layout="inline" className="search-form">
        <Form.Item label={t('orgUsers.group')}>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            loading={tree.loading}
            value={groupId}
            onChange={(v: number) => setPicked(v)}
            treeData={options}
            style={{ width: 320, maxWidth: '100%' }}
            aria-label={t('orgUsers.group')}
          />
        </Form.Item>
      </Form>
  );
  if (groupId === undefined) return null;
  return <UsersScreen key={groupId} groupId={groupId} lead={picker} title={name ? t('orgUsers.title', { name }) : t('orgUsers.titlePlain')} />;
}

function findName(nodes: GroupNode[], id: number | undefined): string | undefined {
  for (const n of nodes) {
    if (n.id === id) return n.name;
    const below = findName(n.children, id);
    if (below) return below;
  }
  return undefined;
}
