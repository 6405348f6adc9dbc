import { useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@cmp/contracts';
import { financeApi } from '../api/finance.api';
import { NS } from './shared';

/** 下载收据 of a paid order, the same receipt (and number) its payer downloads; '-' while there is none. */
export function ReceiptLink({ order }: { order: Pick<OrderView, 'id' | 'status'> }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  if (order.status !== 'paid' && order.status !== 'partlyRefunded') return <>-</>;
  const download = async () => {
    setBusy(true);
    try {
      await financeApi.receipt(order.id);
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<FilePdfOutlined />} loading={busy} data-testid="order-receipt" onClick={() => void download()} style={{ padding: 0 }}>
      {t('income.receiptDownload')}
    </Button>
  );
}
