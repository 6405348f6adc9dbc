import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './page.css';

export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="system-page__header">
      <h2 className="system-page__title">{title}</h2>
      {extra && <div className="toolbar">{extra}</div>}
    </div>
  );
}

/** A failed load, said plainly, with a way to try again. */
export function LoadError({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('common.loadFailed', { reason: error })}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
