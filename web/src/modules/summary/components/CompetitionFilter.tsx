import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { competitionApi } from '@/app/api/competition.api';
import { useAsync } from '@/app/hooks/useAsync';
import '../locales';

/** The lists' competition filter: the organisation's competitions, searchable. */
export function CompetitionFilter() {
  const { t } = useTranslation('summary');
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  return (
    <Form.Item name="competitionId" label={t('settings.competition')}>
      <Select allowClear showSearch optionFilterProp="label" style={{ width: 220 }} placeholder={t('settings.allCompetitions')} options={competitions.data} loading={competitions.loading} />
    </Form.Item>
  );
}
