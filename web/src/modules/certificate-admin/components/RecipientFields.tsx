import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Recipient } from '@cmp/contracts';
import { NS } from './shared';

/** The winner's fields of a certificate, as the winners spreadsheet has them (WINNER_COLUMNS). */
const VALUE_FIELDS = ['school', 'student', 'teacher', 'workName', 'teamName', 'companyName'] as const;
export type RecipientForm = { holderName: string; username?: string; awardName: string } & Partial<Record<(typeof VALUE_FIELDS)[number], string>>;

export function toRecipient(f: RecipientForm): Recipient {
  const values: Record<string, string> = {};
  for (const key of VALUE_FIELDS) if (f[key]?.trim()) values[key] = f[key]!.trim();
  return { holderName: f.holderName.trim(), username: f.username?.trim() || undefined, awardName: f.awardName.trim(), values };
}

/** The form items of one winner (inside a Form). */
export function RecipientFields() {
  const { t } = useTranslation(NS);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('batch.required', { field }) }];
  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item name="holderName" label={t('winners.holder')} rules={required(t('winners.holder'))}>
          <Input maxLength={100} data-testid="ca-winner-holder" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="awardName" label={t('winners.award')} rules={required(t('winners.award'))}>
          <Input maxLength={50} data-testid="ca-winner-award" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="username" label={t('winners.username')} tooltip={t('winners.usernameHint')}>
          <Input maxLength={64} />
        </Form.Item>
      </Col>
      {VALUE_FIELDS.map((key) => (
        <Col span={key === 'student' || key === 'teacher' || key === 'workName' ? 12 : 12} key={key}>
          <Form.Item name={key} label={t(`winners.${key}`)} tooltip={key === 'student' || key === 'teacher' ? t('winners.listHint') : undefined}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
