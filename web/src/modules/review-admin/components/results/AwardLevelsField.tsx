import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AWARD_LEVELS, type AwardLevelInput } from '@cmp/contracts';
import { NS } from './versions';

/** The default levels with the usual shares (5%, 10%, 15%, 20%, 30% of an event's works). */
export const DEFAULT_LEVELS: AwardLevelInput[] = DEFAULT_AWARD_LEVELS.map((l, i) => ({ ...l, rule: 'percent', value: [5, 10, 15, 20, 30][i] }));

/** A form's `levels`: each level's names, rule and value, best first (1 to 10 levels). */
export function AwardLevelsField() {
  const { t } = useTranslation(NS);
  return (
    <Form.List name="levels">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="baseline" wrap style={{ display: 'flex' }}>
              <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, max: 50 }]}>
                <Input style={{ width: 140 }} placeholder={t('results.awards.level')} />
              </Form.Item>
              <Form.Item name={[f.name, 'nameEn']} rules={[{ max: 50 }]}>
                <Input style={{ width: 170 }} placeholder={t('results.awards.levelEn')} />
              </Form.Item>
              <Form.Item name={[f.name, 'rule']}>
                <Select style={{ width: 140 }} options={(['count', 'percent', 'band'] as const).map((r) => ({ value: r, label: t(`results.awards.rules.${r}`) }))} />
              </Form.Item>
              <Form.Item name={[f.name, 'value']} rules={[{ required: true }]}>
                <InputNumber min={0} max={100000} style={{ width: 110 }} placeholder={t('results.awards.value')} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} aria-label="remove" onClick={() => remove(f.name)} disabled={fields.length <= 1} />
            </Space>
          ))}
          <Form.Item>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', nameEn: '', rule: 'count', value: 1 })} disabled={fields.length >= 10}>
              {t('results.awards.addLevel')}
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
