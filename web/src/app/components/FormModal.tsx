import { useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/app/click-guard/GuardedButton';

/**
 * A modal with a guarded submit button: disabled for a second after a click, busy while `onSubmit` runs,
 * closed by the caller when it succeeds. Form errors and call errors keep it open.
 */
export function FormModal({
  title,
  open,
  onClose,
  onSubmit,
  children,
  width = 560,
  okText,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
  width?: number;
  okText?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit();
    } catch {
      /* field errors show on the form; call errors were toasted */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      width={width}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <GuardedButton key="ok" type="primary" loading={busy} onClick={() => void submit()}>
          {okText ?? t('common.save')}
        </GuardedButton>,
      ]}
    >
      {children}
    </Modal>
  );
}
