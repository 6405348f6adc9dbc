import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PayStatus, type Signup } from '@cmp/contracts';
import '@/app/i18n/enroll';
import { paymentApi } from '../api/enroll.api';

/**
 * 下载收据: the PDF receipt of a paid sign-up's fee, for its payer. The server numbers it once and answers with
 * its reasons when there is none (refund under way, refunded in full), which the HTTP client shows.
 */
export function ReceiptButton({ s, block }: { s: Pick<Signup, 'id' | 'payStatus'>; block?: boolean }) {
  const { t } = useTranslation('enroll');
  const [busy, setBusy] = useState(false);
  if (s.payStatus !== PayStatus.paid) return null;
  const download = async () => {
    setBusy(true);
    try {
      await paymentApi.receipt(s.id);
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('payment.receiptHint')}>
      <Button type="link" size="small" block={block} icon={<FilePdfOutlined />} loading={busy} data-testid="receipt-button" onClick={() => void download()} style={{ padding: 0 }}>
        {t('payment.receipt')}
      </Button>
    </Tooltip>
  );
}
