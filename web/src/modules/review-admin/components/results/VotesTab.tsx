import { Alert, Button, Card, DatePicker, Empty, Form, InputNumber, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Round, VoteBoardRow } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { resultsApi } from '../../api/results.api';
import { NS } from './versions';

/** 网络投票: the round's voting window (opened or changed here) and its votes, newer accounts counted apart. */
export function VotesTab({ round, canEdit }: { round: Round; canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ window: [Dayjs, Dayjs]; dailyLimit: number }>();
  const windows = useAsync((signal) => resultsApi.voteWindows(round.competitionId, signal), [round.id]);
  const window = windows.data?.find((w) => w.roundId === round.id);
  const report = useAsync((signal) => resultsApi.voteReport(window!.id, signal), [window?.id], !!window);

  const save = async () => {
    const v = await form.validateFields();
    try {
      await resultsApi.openVote({ roundId: round.id, opensAt: v.window[0].toISOString(), closesAt: v.window[1].toISOString(), dailyLimit: v.dailyLimit });
      toast(t('results.votes.opened'), 'success');
      windows.reload();
      report.reload();
    } catch {
      /* toasted */
    }
  };

  return (
    <Card size="small">
      <Alert type="info" showIcon message={t('results.votes.intro')} style={{ marginBottom: 12 }} />
      {canEdit && (
        <Form
          form={form}
          layout="inline"
          key={window?.id ?? 0}
          initialValues={{ window: window ? [dayjs(window.opensAt), dayjs(window.closesAt)] : [dayjs(), dayjs().add(7, 'day')], dailyLimit: window?.dailyLimit ?? 1 }}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="window" label={t('results.votes.window')} rules={[{ required: true }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="dailyLimit" label={t('results.votes.dailyLimit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Button type="primary" onClick={() => void save()}>
            {window ? t('results.votes.update') : t('results.votes.open')}
          </Button>
        </Form>
      )}
      {!window ? (
        <Empty description={t('results.votes.notOpen')} />
      ) : (
        <Table<VoteBoardRow>
          rowKey="workId"
          size="small"
          loading={report.loading}
          dataSource={report.data?.rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('results.rank'), key: 'rank', width: 64, render: (_, _r, i) => i + 1 },
            { title: t('results.work'), dataIndex: 'title', ellipsis: true },
            { title: t('results.votes.votes'), dataIndex: 'votes', width: 90, align: 'right' },
            { title: t('results.votes.lateVotes'), dataIndex: 'lateVotes', width: 110, align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}
