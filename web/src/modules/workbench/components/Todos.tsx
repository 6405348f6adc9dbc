import { Badge, Button, Card, Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { WORKBENCH_TODOS, type TodoKind, type WorkbenchTodo } from '@cmp/contracts';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { workbenchApi } from '../api/workbench.api';
import { WORKBENCH_NS } from '../locales';

/** The back-office list each to-do opens (the seeded menu's paths); its filter goes in the address. */
const SCREENS: Record<TodoKind, string> = {
  signupsToApprove: '/signUp/index',
  roundsClosingSoon: '/review/competition',
  roundsDisputed: '/review/competition',
  roundsAppealed: '/review/competition',
  roundsToPublish: '/review/competition',
  batchesFailed: '/certificate/list',
  offlineToApprove: '/finance/action?tab=offline',
  refundsToApprove: '/finance/list',
  refundsFailed: '/finance/list',
  reconDifferences: '/finance/action?tab=reconcile',
  ordersUnpaid: '/finance/order',
  ordersRefunding: '/finance/order',
};

/** Where a to-do leads: its list, filtered as the count was. */
function todoLink(kind: TodoKind): string {
  const [path, query] = SCREENS[kind].split('?');
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(WORKBENCH_TODOS[kind].filter)) params.set(name, String(value));
  return `${path}?${params}`;
}

/** 待办事项: what waits for the caller, counted as its list counts it; those with something waiting first. */
export function Todos() {
  const { t } = useTranslation(WORKBENCH_NS);
  const navigate = useNavigate();
  const todos = useAsync((signal) => workbenchApi.todos(signal), []);
  const items = [...(todos.data ?? [])].sort((a, b) => Number((b.count ?? 0) > 0) - Number((a.count ?? 0) > 0));
  if (todos.data?.length === 0) return null; // nothing of this kind is the caller's to do
  return (
    <Card title={t('todo.title')} size="small" data-testid="todos" className="workbench__todos">
      <LoadError error={todos.error} onRetry={todos.reload} />
      {todos.loading && !todos.data ? (
        <Skeleton active />
      ) : items.every((i) => i.count === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('todo.empty')} />
      ) : (
        <List<WorkbenchTodo>
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              data-todo={item.kind}
              actions={[
                <Button key="open" type={item.count ? 'primary' : 'default'} size="small" onClick={() => navigate(todoLink(item.kind))}>
                  {t('todo.open')}
                </Button>,
              ]}
            >
              <Typography.Text type={item.count ? undefined : 'secondary'}>{t(`todo.kinds.${item.kind}`)}</Typography.Text>
              {item.count === null ? (
                <Typography.Text type="warning">{t('todo.unavailable')}</Typography.Text>
              ) : (
                <Badge count={item.count} showZero overflowCount={9999} color={item.count ? undefined : '#bfbfbf'} data-testid="todo-count" />
              )}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
