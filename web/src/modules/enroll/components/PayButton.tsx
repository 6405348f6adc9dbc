import { useEffect, useState } from 'react';
import { Button, Modal, QRCode, Radio, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { owesFee, PayStatus, type PayChannel, type PayReply, type Signup } from '@cmp/contracts';
import { HANDHELD_QUERY, useMedia } from '@/app/hooks/useMedia';
import { formatMoney } from '@/app/i18n/format';
import '@/app/i18n/enroll';
import { paymentApi } from '../api/enroll.api';

const QR_POLL_MS = 2000;


/**
 * 缴费: what the sign-up owes and a pay button. On a computer the payer chooses the cashier page or a QR code to
 * scan with the phone; on a phone (or a tablet) it goes straight to Alipay's phone cashier. The QR dialog watches
 * the order and goes to /home/paySuccess once it is paid.
 */
export function PayButton({ s, block, onChanged }: { s: Pick<Signup, 'id' | 'status' | 'payStatus' | 'feeFen'>; block?: boolean; onChanged?: () => void }) {
  const { t } = useTranslation('enroll');
  const handheld = useMedia(HANDHELD_QUERY);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<PayChannel>('page');
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<PayReply | null>(null);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!qr) return;
    const timer = setInterval(() => {
      void paymentApi.query({ orderNo: qr.orderNo }).then((o) => o?.status === 'paid' && navigate(`/home/paySuccess?out_trade_no=${qr.orderNo}`));
    }, QR_POLL_MS);
    return () => clearInterval(timer);
  }, [qr, navigate]);

  const owes = owesFee(s);
  // An offline payment waiting for approval holds the sign-up; asked again after a refused attempt.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!owes) return;
    let live = true;
    void paymentApi.state(s.id).then((state) => live && setHeld(!!state?.offlinePending));
    return () => {
      live = false;
    };
  }, [owes, s.id, asked]);

  if (!owes) return null;
  const amount = formatMoney(s.feeFen);
  if (held) {
    return (
      <Tooltip title={t('payment.confirmingHint')}>
        <Button block={block} disabled data-testid="pay-button">
          {t('payment.confirming')}
        </Button>
      </Tooltip>
    );
  }
  const start = async (how: PayChannel) => {
    setBusy(true);
    try {
      const reply = await paymentApi.pay(s.id, how);
      if (reply.qrCode) setQr(reply);
      else if (reply.payUrl) window.location.assign(reply.payUrl);
    } catch {
      // Refused (paid meanwhile in another tab, held by an offline payment): the client showed why; the page catches up.
      setOpen(false);
      setAsked((n) => n + 1);
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title={s.payStatus === PayStatus.refunded ? t('payment.againHint') : undefined}>
        <Button type="primary" block={block} loading={busy} data-testid="pay-button" onClick={() => (handheld ? void start('wap') : setOpen(true))}>
          {t(s.payStatus === PayStatus.refunded ? 'payment.again' : 'payment.button', { amount })}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('payment.title')}
        okText={t('payment.go')}
        confirmLoading={busy}
        onOk={() => void start(channel)}
        onCancel={() => {
          setOpen(false);
          setQr(null);
        }}
        footer={qr ? null : undefined}
        destroyOnHidden
      >
        {qr?.qrCode ? (
          <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="pay-qr">
            <QRCode value={qr.qrCode} size={220} />
            <Typography.Text>{t('payment.scan', { amount })}</Typography.Text>
            <Typography.Text type="secondary">{t('payment.orderNo', { orderNo: qr.orderNo })}</Typography.Text>
          </Space>
        ) : (
          <Space direction="vertical" size="middle">
            <Typography.Text>{t('payment.owed', { amount })}</Typography.Text>
            <Radio.Group value={channel} onChange={(e) => setChannel(e.target.value as PayChannel)}>
              <Space direction="vertical">
                <Radio value="page">{t('payment.page')}</Radio>
                <Radio value="qr">{t('payment.qr')}</Radio>
              </Space>
            </Radio.Group>
          </Space>
        )}
      </Modal>
    </>
  );
}
