import { useEffect, useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store/create-store';
import { dialogStore, type DialogRequest } from './feedback';
import { validatePromptValue } from './validate';

function Dialog({ req }: { req: DialogRequest }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(req.defaultValue ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [value]);

  const confirm = () => {
    if (req.kind === 'prompt') {
      const problem = validatePromptValue(value, req.rules ?? {}, t('dialog.promptInvalid'));
      if (problem) {
        setError(problem);
        return;
      }
      req.resolve('confirm', value);
      return;
    }
    req.resolve('confirm');
  };

  const title = req.title ?? t(req.kind === 'alert' ? 'dialog.alertTitle' : req.kind === 'prompt' ? 'dialog.promptTitle' : 'dialog.confirmTitle');
  const footer = [
    req.kind !== 'alert' && (
      <Button key="cancel" onClick={() => req.resolve('cancel')}>
        {req.cancelText ?? t('common.cancel')}
      </Button>
    ),
    <Button key="ok" type="primary" danger={req.danger} onClick={confirm}>
      {req.okText ?? t('common.confirm')}
    </Button>,
  ];

  return (
    <Modal open title={title} footer={footer} onCancel={() => req.resolve('close')} maskClosable={false} width={420} destroyOnHidden>
      <div>{req.message}</div>
      {req.kind === 'prompt' && (
        <div style={{ marginTop: 12 }}>
          <Input
            autoFocus
            value={value}
            placeholder={req.placeholder}
            status={error ? 'error' : undefined}
            onChange={(e) => setValue(e.target.value)}
            onPressEnter={confirm}
          />
          {error && <div className="dialog-error">{error}</div>}
        </div>
      )}
    </Modal>
  );
}

/** Renders alert/confirm/prompt requests, one at a time. */
export default function DialogHost() {
  const first = useStore(dialogStore, (s) => s.queue[0]);
  return first ? <Dialog key={first.id} req={first} /> : null;
}
