import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchPreviewReply } from '@cmp/contracts';
import { NS } from './shared';

/** The winners whose certificates leave bound fields empty (they print nothing), named with the fields. */
export function EmptyFieldsList({ empty }: { empty: BatchPreviewReply['empty'] }) {
  const { t } = useTranslation(NS);
  const { t: td } = useTranslation('certificateDesigner');
  if (!empty.total) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="ca-hint"
      data-testid="ca-empty-fields"
      message={t('check.emptyFields', { count: empty.total })}
      description={
        <ul className="ca-empty-list">
          {empty.list.map((r) => (
            <li key={r.id} data-testid="ca-empty-holder">
              {t('check.emptyHolder', { position: r.position, name: r.holderName, fields: r.fields.map((f) => td(`codes.${f}`)).join('、') })}
            </li>
          ))}
          {empty.total > empty.list.length && <li>{t('check.emptyMore', { shown: empty.list.length })}</li>}
        </ul>
      }
    />
  );
}
