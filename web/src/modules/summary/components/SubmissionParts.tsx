import { Space, Tag, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SummaryRecordState, SummarySubmission } from '@cmp/contracts';
import '../locales';

const STATE_COLOR: Record<SummaryRecordState, string> = { missing: 'default', submitted: 'processing', accepted: 'success', returned: 'warning' };

/** A hand-in's state, marked late when it came after the deadline. */
export function StateTag({ state, late }: { state: SummaryRecordState; late?: boolean }) {
  const { t } = useTranslation('summary');
  return (
    <Space size={4} wrap>
      <Tag color={STATE_COLOR[state]}>{t(`states.${state}`)}</Tag>
      {late && <Tag color="red">{t('records.late')}</Tag>}
    </Space>
  );
}

/** A hand-in's file: its name, size and attempt. */
export function SubmissionFile({ submission }: { submission: SummarySubmission }) {
  const { t } = useTranslation('summary');
  return (
    <Space size={4} align="start">
      <FilePdfOutlined style={{ color: '#cf1322', marginTop: 4 }} />
      <span>
        <Typography.Text ellipsis={{ tooltip: submission.file.name }} style={{ maxWidth: 200 }}>
          {submission.file.name}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">
          {Math.max(1, Math.round(submission.file.size / 1024))} KB · {t('records.attempts', { count: submission.attempts })}
        </Typography.Text>
      </span>
    </Space>
  );
}
