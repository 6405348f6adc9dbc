import { Alert, Form, Input, Modal } from 'antd';
import { useAsync } from '@/app/hooks/useAsync';
import { useTranslation } from 'react-i18next';
import { fenOf, yuanOf, type OrderDetail, type OrderView } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { financeApi } from '../api/finance.api';
import { NS } from './shared';

type Props = { order: OrderView | null; onClose: () => void; onDone: (o: OrderDetail) => void };

/**
 * Refunds part or all of a paid order, with a reason; the amount cannot exceed what is left. Each opening is a new
 * form keyed by the order, so it starts from that order's remaining amount, never from the last dialog's.
 */
export function RefundModal(props: Props) {
  return <RefundDialog key={props.order?.id ?? 'none'} {...props} />;
}

function RefundDialog({ order, onClose, onDone }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const left = order ? order.amountFen - order.refundedFen : 0;
  // The order's organisation decides above which amount a refund waits for a second finance person.
  const detail = useAsync((signal) => financeApi.order(order!.id, signal), [order?.id], !!order);
  const limit = detail.data ? yuanOf(detail.data.refundApprovalFen) : null;
  const submit = async () => {
    if (!order) return;
    const v = await form.validateFields();
    try {
      const after = await financeApi.refund(order.id, fenOf(v.amount)!, v.reason.trim());
      const made = after.refunds.at(-1);
      if (made?.status === 'awaitingApproval') toast(t('refund.awaiting', { limit: yuanOf(after.refundApprovalFen) }), 'warning');
      else toast(t('refund.done'), 'success');
      onDone(after);
    } catch {
      /* the server's message was toasted */
    }
  };
  return (
    <Modal
      open={!!order}
      title={order ? t('refund.title', { orderNo: order.orderNo }) : ''}
      okText={t('refund.ok')}
      okButtonProps={{ danger: true }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('refund.intro', { paid: yuanOf(order.amountFen), refunded: yuanOf(order.refundedFen), left: yuanOf(left) })}
            description={limit !== null && t('refund.approvalRule', { limit })}
          />
          <Form form={form} layout="vertical" name="refund" preserve={false} initialValues={{ amount: yuanOf(left) }}>
            <Form.Item
              name="amount"
              label={t('refund.amount')}
              rules={[
                { required: true, message: t('refund.amountRequired') },
                {
                  validator: async (_, v: string) => {
                    const fen = fenOf(v);
                    if (!v) return;
                    if (fen === null || fen <= 0) throw new Error(t('refund.amountInvalid'));
                    if (fen > left) throw new Error(t('refund.amountTooMuch', { left: yuanOf(left) }));
                  },
                },
              ]}
            >
              <Input prefix="¥" inputMode="decimal" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="reason" label={t('refund.reason')} rules={[{ required: true, whitespace: true, message: t('refund.reasonRequired') }]}>
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
