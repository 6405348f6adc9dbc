import { Button, Form, Input, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '@/app/i18n/enroll';

/** Advisers (teachers) of a sign-up, up to the competition's `teacherMax`; used by the sign-up and team pages. */
export function Advisers({ max, disabled = false, heading = true }: { max: number; disabled?: boolean; heading?: boolean }) {
  const { t } = useTranslation('enroll');
  return (
    <>
      {heading && (
        <Typography.Title level={5}>
          {t('signUp.advisers')} <Typography.Text type="secondary">{t('signUp.advisersHint', { max })}</Typography.Text>
        </Typography.Title>
      )}
      <Form.List name="teachers">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Space key={row.key} align="baseline" wrap>
                <Form.Item name={[row.name, 'name']} rules={[{ required: true, whitespace: true, message: t('signUp.adviserNameRequired') }]}>
                  <Input placeholder={t('signUp.adviserName')} maxLength={50} disabled={disabled} />
                </Form.Item>
                <Form.Item name={[row.name, 'phone']}>
                  <Input placeholder={t('signUp.adviserPhone')} maxLength={11} disabled={disabled} />
                </Form.Item>
                <Form.Item name={[row.name, 'email']} rules={[{ type: 'email', message: t('profile.emailInvalid') }]}>
                  <Input placeholder={t('signUp.adviserEmail')} maxLength={100} disabled={disabled} />
                </Form.Item>
                {!disabled && <MinusCircleOutlined onClick={() => remove(row.name)} aria-label={t('team.remove')} />}
              </Space>
            ))}
            {!disabled && rows.length < max && (
              <Form.Item>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '' })}>
                  {t('signUp.addAdviser')}
                </Button>
              </Form.Item>
            )}
          </>
        )}
      </Form.List>
    </>
  );
}
