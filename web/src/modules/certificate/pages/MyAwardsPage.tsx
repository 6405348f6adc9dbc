import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../locales';

/**
 * Personal centre (reward): the caller's awards. Results are not published by the platform yet, so this
 * says honestly where they will appear, and points to the certificates (newReward) instead of repeating them.
 */
export default function MyAwardsPage() {
  const { t } = useTranslation('certificate');
  return (
    <Card title={t('awards.title')} data-testid="my-awards">
      <Empty description={t('awards.empty')}>
        <Link to="/center/newReward">{t('awards.certificatesHint')}</Link>
      </Empty>
    </Card>
  );
}
