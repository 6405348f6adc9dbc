import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus, RefundStatus } from '@cmp/contracts';
import { formatMoney } from '@/app/i18n/format';
import { useLocalName } from '@/app/i18n/hooks';
import { FINANCE_NS } from '../locales';

export const NS = FINANCE_NS;

const ORDER_COLOR: Record<OrderStatus, string> = { unpaid: 'warning', paid: 'success', closed: 'default', refunding: 'processing', refunded: 'default', partlyRefunded: 'purple' };
const REFUND_COLOR: Record<RefundStatus, string> = { awaitingApproval: 'warning', pending: 'processing', succeeded: 'success', failed: 'error', rejected: 'default' };

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  return <Tag color={ORDER_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

export function RefundStatusTag({ status }: { status: RefundStatus }) {
  const { t } = useTranslation(NS);
  return <Tag color={REFUND_COLOR[status]}>{t(`refundStatus.${status}`)}</Tag>;
}

/** Who did it, by real name; the account shows on hover. The platform's own actions read "system". */
export function Person({ name, account }: { name: string | null; account: string | null }) {
  const { t } = useTranslation(NS);
  if (!account) return <>-</>;
  if (account === 'system') return <>{t('system')}</>;
  return (
    <Tooltip title={account}>
      <span>{name ?? account}</span>
    </Tooltip>
  );
}

interface Named {
  competitionName: string;
  competitionNameEn: string;
  itemName: string;
  itemNameEn: string;
}

/** "competition / event" of an order or offline payment, each in the interface language when it has that name. */
export function useCompetitionItem(): (o: Named) => string {
  const name = useLocalName();
  return (o) => `${name(o.competitionName, o.competitionNameEn)} / ${name(o.itemName, o.itemNameEn)}`;
}

/** Fen as ¥88.00; empty for no amount. */
export const money = (fen: number | null | undefined) => (fen === null || fen === undefined ? '-' : formatMoney(fen));
