import { Button, Card, Empty, Form, Input, InputNumber, Tag } from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReviewRound } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { SaveBar } from '../components/SaveBar';
import { SettingsFrame, type SettingsContext } from '../components/SettingsFrame';
import { NS } from '../components/shared';
import { weightsComplete, weightSum } from '../hooks/rules';

/** Limits of the gateway's review DTO: 5 rounds, 20 columns a round. */
const MAX_ROUNDS = 5;
const MAX_COLUMNS = 20;

/** A new round starts with one column carrying the whole weight, so it is saveable once named. */
const blankRound = (): ReviewRound => ({ name: '', expertsPerWork: 3, scoreColumns: [{ name: '', maxScore: 100, weight: 100 }] });

function ReviewSettings({ detail, editable, setDetail }: SettingsContext) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ rounds: ReviewRound[] }>();
  const rounds = Form.useWatch('rounds', form) ?? detail.review.rounds;
  // Saving waits until every round's weights add up to 100, as the server requires.
  const complete = rounds.every((r) => weightsComplete(r?.scoreColumns));

  const save = async () => {
    const v = await form.validateFields();
    setDetail(await competitionApi.saveReview({ competitionId: detail.id, rounds: v.rounds ?? [] }));
    toast(t('settings.saved'), 'success');
  };

  return (
    <>
      <Form form={form} name="review" layout="vertical" disabled={!editable} initialValues={{ rounds: detail.review.rounds }} style={{ maxWidth: 900 }}>
        <Form.List name="rounds">
          {(roundFields, rounds$) => (
            <>
              {!roundFields.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.noRounds')} />}
              {roundFields.map((rf, index) => {
                const round = rounds[rf.name];
                const sum = weightSum(round?.scoreColumns);
                const ok = weightsComplete(round?.scoreColumns);
                return (
                  <Card
                    key={rf.key}
                    size="small"
                    className="review-round"
                    title={
                      <>
                        {t('review.round', { n: index + 1 })}
                        <Tag color={ok ? 'green' : 'red'} className="weight-sum">
                          {t('review.weightSum', { sum })}
                        </Tag>
                      </>
                    }
                    extra={
                      editable && (
                        <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => rounds$.remove(rf.name)}>
                          {t('review.removeRound')}
                        </Button>
                      )
                    }
                  >
                    <div className="quota-row">
                      <Form.Item name={[rf.name, 'name']} label={t('review.roundName')} rules={[{ required: true, whitespace: true, message: t('review.roundNameRequired') }]}>
                        <Input maxLength={50} style={{ width: 240 }} />
                      </Form.Item>
                      <Form.Item name={[rf.name, 'expertsPerWork']} label={t('review.expertsPerWork')} rules={[{ required: true, message: t('common.required', { field: t('review.expertsPerWork') }) }]}>
                        <InputNumber min={1} max={20} precision={0} style={{ width: 160 }} />
                      </Form.Item>
                    </div>
                    <Form.List name={[rf.name, 'scoreColumns']}>
                      {(colFields, cols$) => (
                        <>
                          {colFields.map((cf) => (
                            <div className="quota-row" key={cf.key}>
                              <Form.Item name={[cf.name, 'name']} rules={[{ required: true, whitespace: true, message: t('review.columnNameRequired') }]}>
                                <Input maxLength={50} placeholder={t('review.columnName')} style={{ width: 240 }} />
                              </Form.Item>
                              <Form.Item name={[cf.name, 'maxScore']} rules={[{ required: true, message: t('common.required', { field: t('review.maxScore') }) }]}>
                                <InputNumber min={1} max={1000} precision={0} addonBefore={t('review.maxScore')} style={{ width: 180 }} />
                              </Form.Item>
                              <Form.Item name={[cf.name, 'weight']} rules={[{ required: true, message: t('common.required', { field: t('review.weight') }) }]}>
                                <InputNumber min={0} max={100} precision={2} addonBefore={t('review.weight')} style={{ width: 200 }} />
                              </Form.Item>
                              {editable && colFields.length > 1 && <MinusCircleOutlined onClick={() => cols$.remove(cf.name)} style={{ marginTop: 9 }} />}
                            </div>
                          ))}
                          {!ok && <div className="ant-form-item-explain-error">{t('review.weightMustBe100', { round: round?.name || t('review.round', { n: index + 1 }), sum })}</div>}
                          {editable && colFields.length < MAX_COLUMNS && (
                            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => cols$.add({ name: '', maxScore: 100, weight: 0 })} style={{ marginTop: 8 }}>
                              {t('review.addColumn')}
                            </Button>
                          )}
                        </>
                      )}
                    </Form.List>
                  </Card>
                );
              })}
              {editable && roundFields.length < MAX_ROUNDS && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => rounds$.add(blankRound())}>
                  {t('review.addRound')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
      {editable && <SaveBar onSave={save} disabled={!complete} />}
    </>
  );
}

/** Review settings: rounds, experts per work, and score columns whose weights add up to 100. */
export default function ReviewSetPage() {
  return <SettingsFrame active="review">{(ctx) => <ReviewSettings {...ctx} />}</SettingsFrame>;
}
