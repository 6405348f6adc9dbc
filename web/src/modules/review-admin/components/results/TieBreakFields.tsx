import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Round } from '@cmp/contracts';
import { NS } from './versions';

/** The tie-breaks used when ties are ranked by the rules: a score column of the round, then another round's score. */
export function TieBreakFields({ round, rounds }: { round: Round; rounds: Round[] }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Form.Item name="tieBreakColumn" label={t('tieBreak.column')}>
        <Select allowClear style={{ width: 160 }} placeholder={t('tieBreak.none')} options={round.scoreColumns.map((c, i) => ({ value: i, label: c.name }))} />
      </Form.Item>
      <Form.Item name="tieBreakRoundId" label={t('tieBreak.round')}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('tieBreak.none')}
          options={rounds.filter((r) => r.id !== round.id).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
    </>
  );
}
