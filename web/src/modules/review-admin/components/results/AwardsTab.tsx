import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { EyeOutlined, NotificationOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type AwardReply, type AwardRow, type Round, type ScoreVersion } from '@cmp/contracts';
import { confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import { resultsApi, type AwardForm } from '../../api/results.api';
import { AwardLevelsField, DEFAULT_LEVELS } from './AwardLevelsField';
import { TieBreakFields } from './TieBreakFields';
import { NS, useVersionChoice } from './versions';

/** 奖项评定 and 公布: levels by count, percent or score band, previewed, confirmed once, then published. */
export function AwardsTab({ round, rounds, versions, canEdit, onPublished }: { round: Round; rounds: Round[]; versions: ScoreVersion[] | undefined; canEdit: boolean; onPublished: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const { versionId, select } = useVersionChoice(versions);
  const [form] = Form.useForm<Omit<AwardForm, 'versionId'>>();
  const [reply, setReply] = useState<AwardReply>();
  const [appealDays, setAppealDays] = useState(7);
  const presets = useAsync((signal) => resultsApi.presets(signal), []);
  const publication = useAsync(async (signal) => (await resultsApi.publications(round.competitionId, signal)).find((p) => p.roundId === round.id) ?? null, [round.id]);

  const run = async (confirm: boolean) => {
    const values = await form.validateFields();
    if (confirm && (await confirmDialog(t('results.awards.confirmAsk'))) !== 'confirm') return;
    try {
      const r = await (confirm ? resultsApi.awardConfirm : resultsApi.awardPreview)({ ...values, versionId: versionId! });
      setReply(r);
      if (confirm) toast(t('results.awards.confirmed'), 'success');
    } catch {
      /* toasted */
    }
  };

  /** Asks to publish; while the review is unfinished it says what is open and asks why to go on (kept with the publication). */
  const askToPublish = async (): Promise<{ go: boolean; reason?: string }> => {
    const ready = await resultsApi.publishReadiness(round.id);
    const open = [
      ready.roundOpen && t('results.awards.notReady.open'),
      ready.unconfirmedGroups.length > 0 && t('results.awards.notReady.groups', { count: ready.unconfirmedGroups.length, names: ready.unconfirmedGroups.join(lang === 'en' ? ', ' : '、') }),
      ready.unscoredSheets > 0 && t('results.awards.notReady.sheets', { count: ready.unscoredSheets }),
    ].filter((x): x is string => typeof x === 'string');
    if (!open.length) return { go: (await confirmDialog(t('results.awards.publishAsk'))) === 'confirm' };
    const { result, value } = await promptDialog(
      <>
        <Alert type="warning" showIcon message={t('results.awards.notReady.title')} description={<ul style={{ margin: 0, paddingLeft: 18 }}>{open.map((x) => <li key={x}>{x}</li>)}</ul>} />
        <div style={{ marginTop: 12 }}>{t('results.awards.notReady.reason')}</div>
      </>,
      { danger: true, okText: t('results.awards.publishAnyway'), placeholder: t('results.awards.notReady.reasonPlaceholder'), validator: (v) => v.trim().length >= 2 && v.length <= 500, errorMessage: t('results.awards.notReady.reasonRequired') },
    );
    return { go: result === 'confirm', reason: value?.trim() };
  };

  const publish = async () => {
    try {
      const { go, reason } = await askToPublish();
      if (!go) return;
      await resultsApi.publish(round.id, appealDays, reason);
      toast(t('results.awards.publishedOk'), 'success');
      publication.reload();
      onPublished();
    } catch {
      /* toasted: confirm the awards first */
    }
  };

  const published = publication.data;
  return (
    <Card size="small" title={select}>
      <Alert type="info" showIcon message={t('results.awards.intro')} style={{ marginBottom: 12 }} />
      <Form form={form} initialValues={{ levels: DEFAULT_LEVELS, ties: 'include', includeEliminated: false }} disabled={!canEdit || !versionId}>
        <Form.Item label={t('presets.startFrom')} style={{ marginBottom: 12 }}>
          <Select
            allowClear
            style={{ width: 240 }}
            placeholder={t('presets.pick')}
            loading={presets.loading}
            options={presets.data?.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(id?: number) => {
              const preset = presets.data?.find((p) => p.id === id);
              if (preset) form.setFieldsValue({ levels: preset.levels });
            }}
            data-testid="award-preset"
          />
        </Form.Item>
        <AwardLevelsField />
        <Space wrap>
          <Form.Item name="ties" label={t('results.awards.ties')}>
            <Select style={{ width: 240 }} options={(['include', 'break'] as const).map((v) => ({ value: v, label: t(`results.awards.tiesOptions.${v}`) }))} />
          </Form.Item>
          <TieBreakFields round={round} rounds={rounds} />
          <Form.Item name="includeEliminated" valuePropName="checked">
            <Checkbox data-testid="award-include-eliminated">{t('results.awards.includeEliminated')}</Checkbox>
          </Form.Item>
        </Space>
        <Space wrap>
          <Button icon={<EyeOutlined />} onClick={() => void run(false)} data-testid="award-preview">
            {t('results.awards.preview')}
          </Button>
          <Button type="primary" icon={<SafetyCertificateOutlined />} disabled={!reply || !!reply.confirmedAt} onClick={() => void run(true)} data-testid="award-confirm">
            {t('results.awards.confirm')}
          </Button>
        </Space>
      </Form>
      {reply && (
        <>
          <Space wrap style={{ margin: '12px 0' }}>
            {reply.counts.map((c) => (
              <Tag key={c.level} color="gold">
                {t('results.awards.counts', { level: localName(c.level, c.levelEn), count: c.works })}
              </Tag>
            ))}
            {reply.confirmedAt && <Tag color="green">{t('results.awards.confirmed')}</Tag>}
          </Space>
          {reply.manyWinners.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="award-many-winners"
              message={t('results.awards.manyWinners')}
              description={reply.manyWinners.map((e) => t('results.awards.manyWinnersEvent', { event: e.eventName || '—', winners: e.winners, works: e.works })).join('；')}
            />
          )}
          <Table<AwardRow>
            rowKey="workId"
            size="small"
            dataSource={reply.rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            data-testid="award-table"
            columns={[
              { title: t('results.rank'), dataIndex: 'rank', width: 64 },
              { title: t('results.event'), dataIndex: 'eventName', width: 140, ellipsis: true, render: (v: string) => v || '—' },
              { title: t('results.work'), dataIndex: 'title', ellipsis: true },
              { title: t('results.score'), dataIndex: 'score', width: 90, align: 'right', render: (v: number) => v.toFixed(2) },
              {
                title: t('results.awards.level'),
                dataIndex: 'level',
                width: 160,
                render: (v: string | null, r) => (
                  <Space size={4}>
                    {v ? <Tag color="gold">{localName(v, r.levelEn)}</Tag> : <Typography.Text type="secondary">{t('results.awards.none')}</Typography.Text>}
                    {r.eliminated && <Tag>{t('elimination.eliminated')}</Tag>}
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      <Card size="small" type="inner" title={t('results.awards.publish')} style={{ marginTop: 16 }}>
        {published ? (
          <Alert
            type="success"
            showIcon
            message={t('results.awards.publishedAt', { time: formatDateTime(published.publishedAt, lang, 'minute'), until: formatDateTime(published.appealUntil, lang, 'minute') })}
            description={published.reason ? t('results.awards.publishedReason', { reason: published.reason }) : undefined}
          />
        ) : (
          <Space wrap>
            <span>{t('results.awards.appealDays')}</span>
            <InputNumber min={0} max={60} precision={0} value={appealDays} onChange={(v) => setAppealDays(v ?? 0)} disabled={!canEdit} />
            <Button type="primary" icon={<NotificationOutlined />} disabled={!canEdit} onClick={() => void publish()} data-testid="publish">
              {t('results.awards.publish')}
            </Button>
          </Space>
        )}
      </Card>
    </Card>
  );
}
