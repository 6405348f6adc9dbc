import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Form, Input, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BankCardSavePayload } from '@cmp/contracts';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { useSession } from '@/app/session/session';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { centreApi } from '../api/centre.api';
import { clearErrorsOnChange, showServerFieldError } from '@/app/http/field-errors';
import { useSubmit } from '../hooks/useSubmit';

const FIELDS: (keyof BankCardSavePayload)[] = ['accountName', 'bankName', 'branch', 'cardNumber'];

function CardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('centre');
  const realName = useSession((s) => s.user?.realName);
  const [form] = Form.useForm<BankCardSavePayload>();
  const submit = useSubmit(async () => {
    const v = await form.validateFields();
    try {
      await centreApi.saveBankCard({ accountName: v.accountName.trim(), bankName: v.bankName.trim(), branch: v.branch?.trim() || undefined, cardNumber: v.cardNumber });
    } catch (e) {
      showServerFieldError(form, e, FIELDS);
      throw e;
    }
    toast(t('bankCard.saved'), 'success');
    onSaved();
  });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} initialValues={{ accountName: realName }} onValuesChange={clearErrorsOnChange(form)} data-testid="bank-card-form">
      <Form.Item name="accountName" label={t('bankCard.accountName')} rules={[{ required: true, whitespace: true, message: t('bankCard.accountNameRequired') }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="bankName" label={t('bankCard.bankName')} rules={[{ required: true, whitespace: true, message: t('bankCard.bankNameRequired') }]}>
        <Input maxLength={100} placeholder={t('bankCard.bankNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="branch" label={t('bankCard.branch')}>
        <Input maxLength={100} placeholder={t('bankCard.branchPlaceholder')} />
      </Form.Item>
      {/* The number is checked by the server (digits, length, Luhn), which says what is wrong. */}
      <Form.Item name="cardNumber" label={t('bankCard.cardNumber')} rules={[{ required: true, whitespace: true, message: t('bankCard.cardNumberRequired') }]}>
        <Input maxLength={23} inputMode="numeric" autoComplete="off" placeholder={t('bankCard.cardNumberPlaceholder')} />
      </Form.Item>
      <Space>
        <Button type="primary" loading={submit.busy} disabled={submit.disabled} onClick={submit.onClick}>
          {t('common.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('bankCard.cancel')}</Button>}
      </Space>
    </Form>
  );
}

/** /center/users, "bank card": the card prize money is paid to, shown masked; add, replace or remove it. */
export function BankCardTab() {
  const { t, i18n } = useTranslation('centre');
  const lang = normaliseLang(i18n.language);
  const card = useAsync((signal) => centreApi.bankCard(signal), []);
  const [editing, setEditing] = useState(false);
  const saved = () => {
    setEditing(false);
    card.reload();
  };
  const remove = () =>
    void confirmDelete({
      question: (
        <>
          <strong>{t('bankCard.removeTitle')}</strong>
          <div>{t('bankCard.removeBody')}</div>
        </>
      ),
      okText: t('bankCard.remove'),
      done: t('bankCard.removed'),
      run: centreApi.deleteBankCard,
    }).then((done) => done && card.reload());

  if (card.loading && card.data === undefined) return <Skeleton active />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="bank-card">
      <LoadError error={card.error} onRetry={card.reload} />
      <Alert type="info" showIcon message={t('bankCard.intro')} />
      {card.data && !editing && (
        <>
          <Descriptions bordered size="small" column={1} style={{ maxWidth: 560 }}>
            <Descriptions.Item label={t('bankCard.accountName')}>{card.data.accountName}</Descriptions.Item>
            <Descriptions.Item label={t('bankCard.bankName')}>{card.data.bankName}</Descriptions.Item>
            <Descriptions.Item label={t('bankCard.branch')}>{card.data.branch ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('bankCard.cardNumber')}>
              <span data-testid="card-masked" style={{ fontFamily: 'monospace' }}>
                {card.data.cardNumberMasked}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('bankCard.updatedAt')}>{formatDateTime(card.data.updatedAt, lang, 'minute')}</Descriptions.Item>
          </Descriptions>
          <Space>
            <Button onClick={() => setEditing(true)}>{t('bankCard.replace')}</Button>
            <Button danger onClick={remove}>
              {t('bankCard.remove')}
            </Button>
          </Space>
        </>
      )}
      {card.data === null && !editing && !card.error && (
        <Empty description={t('bankCard.none')}>
          <Button type="primary" onClick={() => setEditing(true)}>
            {t('bankCard.add')}
          </Button>
        </Empty>
      )}
      {editing && <CardForm onSaved={saved} onCancel={() => setEditing(false)} />}
    </Space>
  );
}
