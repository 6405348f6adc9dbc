import { Space, Tag, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupNode } from '@cmp/contracts';
import type { AsyncState } from '@/app/hooks/useAsync';

interface GroupOption {
  value: number;
  title: string;
  children: GroupOption[];
}
const toTreeData = (nodes: GroupNode[]): GroupOption[] => nodes.map((g) => ({ value: g.id, title: g.name, children: toTreeData(g.children) }));
const findGroup = (nodes: GroupNode[], id: number): GroupNode | undefined => {
  for (const g of nodes) {
    if (g.id === id) return g;
    const hit = findGroup(g.children, id);
    if (hit) return hit;
  }
  return undefined;
};

/** Which organisation's public site a website screen edits, with the host names it is reached by. */
export function SiteOrganisationPicker({ groups, groupId, onChange }: { groups: AsyncState<GroupNode[]>; groupId: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation('website');
  const group = groups.data && groupId ? findGroup(groups.data, groupId) : undefined;
  return (
    <Space wrap className="website-page__org">
      <span>{t('organisation')}</span>
      <TreeSelect
        style={{ minWidth: 260 }}
        treeDefaultExpandAll
        loading={groups.loading}
        value={groupId ?? undefined}
        treeData={toTreeData(groups.data ?? [])}
        onChange={(v: number) => onChange(v)}
      />
      {group && (
        <span className="website-page__hosts">
          {t('hosts')}:{' '}
          {group.hosts.length ? group.hosts.map((h) => <Tag key={h}>{h}</Tag>) : <Typography.Text type="secondary">{t('hostsNone', { id: group.id })}</Typography.Text>}
          <Typography.Text type="secondary"> · {t('hostsHint')}</Typography.Text>
        </span>
      )}
    </Space>
  );
}
