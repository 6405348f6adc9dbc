import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Result, Select, Spin, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CompetitionStatus, type CompetitionDetail, type CompetitionInput } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { RichTextField } from '@/app/components/rich-text/RichTextField';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { competitionApi } from '@/app/api/competition.api';
import { EnrollFields, enrollPayload, type EnrollValues } from '../components/EnrollFields';
import { ItemsEditor } from '../components/ItemsEditor';
import { WorkSubFields, workSubPayload, type WorkSubValues } from '../components/WorkSubFields';
import { useMissingForPublish } from '../hooks/useMissingForPublish';
import { LoadError } from '@/app/components/PageHeader';
import { NS, StatusTag, useCanEdit, useCompetitionId, useEventLabel, useLevelOptions } from '../components/shared';
import { StagesEditor } from '../components/StagesEditor';

const STEP = { basic: 0, items: 1, stages: 2, enroll: 3, workSub: 4, finish: 5 } as const;

/**
 * The add/edit wizard (?id= edits): basic information is saved first, which creates the draft; events and
 * stages save row by row; the sign-up and work-submission steps save their settings (the same forms as the
 * settings pages); the last step lists what publishing still needs, then publishes or keeps the draft.
 */
export default function CompetitionEditPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const id = useCompetitionId();
  const canEdit = useCanEdit();
  const event = useEventLabel();
  const levels = useLevelOptions();

  const [detail, setDetail] = useState<CompetitionDetail>();
  const [loading, setLoading] = useState(!!id);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<number>(STEP.basic);
  const [busy, setBusy] = useState(false);
  const [basic] = Form.useForm<CompetitionInput>();
  const [enroll] = Form.useForm<EnrollValues>();
  const [workSub] = Form.useForm<WorkSubValues>();
  const missingFor = useMissingForPublish();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!id || detail?.id === id) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    competitionApi
      .detail(id, controller.signal)
      .then(setDetail)
      .catch((e: unknown) => !controller.signal.aborted && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, tick]);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      /* field errors show on the form; call errors were toasted */
    } finally {
      setBusy(false);
    }
  };

  const saveBasic = () =>
    run(async () => {
      const v = await basic.validateFields();
      const input: CompetitionInput = {
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() ?? '',
        level: v.level ?? '',
        year: v.year,
        coverUrl: v.coverUrl?.trim() ?? '',
        summary: v.summary?.trim() ?? '',
        intro: v.intro ?? '',
        guide: v.guide ?? '',
      };
      const saved = detail ? await competitionApi.update({ ...input, id: detail.id }) : await competitionApi.add(input);
      setDetail(saved);
      if (!detail) {
        // The address names the new draft, so a reload or a shared link edits it rather than adding another.
        setParams({ id: String(saved.id) }, { replace: true });
        toast(t('wizard.created'), 'success');
      } else toast(t('wizard.saved'), 'success');
      setStep(STEP.items);
    });

  const saveEnroll = () =>
    run(async () => {
      const v = await enroll.validateFields();
      setDetail(await competitionApi.saveEnroll(enrollPayload(v, detail!.enroll)));
      toast(t('settings.saved'), 'success');
      setStep(STEP.workSub);
    });

  const saveWorkSub = () =>
    run(async () => {
      const v = await workSub.validateFields();
      setDetail(await competitionApi.saveWorkSubmit(workSubPayload(detail!, v)));
      toast(t('settings.saved'), 'success');
      setStep(STEP.finish);
    });

  const publish = () =>
    run(async () => {
      if ((await confirmDialog(t('action.publishConfirm', { name: detail!.name }))) !== 'confirm') return;
      setDetail(await competitionApi.publish(detail!.id));
      toast(t('action.published'), 'success');
    });

  if (!canEdit) return <Result status="403" title={t('wizard.noPermission')} />;
  if (loading) return <Spin className="page-spin" />;
  if (error)
    return (
      <div className="competition-page">
        <LoadError error={error} onRetry={() => setTick((n) => n + 1)} />
      </div>
    );
  if (detail?.status === CompetitionStatus.archived) return <Result status="warning" title={t('wizard.notEditable')} />;

  const missing = detail ? missingFor(detail) : [];
  const footer = (next?: { text?: string; onClick: () => void }) => (
    <div className="wizard-footer">
      {step > STEP.basic && <Button onClick={() => setStep(step - 1)}>{t('wizard.prev')}</Button>}
      {next && (
        <GuardedButton type="primary" loading={busy} onClick={next.onClick}>
          {next.text ?? t('wizard.next')}
        </GuardedButton>
      )}
    </div>
  );

  return (
    <div className="competition-page">
      <div className="competition-page__header">
        <h2 className="competition-page__title">
          {detail ? t('wizard.editTitle') : t('wizard.addTitle')}
          {detail && <span className="competition-page__sub">{detail.name}</span>}
          {detail && <StatusTag status={detail.status} />}
        </h2>
        <Button onClick={() => navigate('/competition/list')}>{t('action.backToList')}</Button>
      </div>
      <Steps
        className="wizard-steps"
        current={step}
        // Later steps need the draft to exist; once it does, any step can be opened.
        onChange={detail ? setStep : undefined}
        items={[
          { title: t('wizard.basic') },
          { title: event.label, disabled: !detail },
          { title: t('wizard.stages'), disabled: !detail },
          { title: t('wizard.enroll'), disabled: !detail },
          { title: t('wizard.workSub'), disabled: !detail },
          { title: t('wizard.finish'), disabled: !detail },
        ]}
      />
      <div className="wizard-body">
        {step === STEP.basic && (
          <>
            <Form form={basic} name="basic" layout="vertical" initialValues={detail ?? { year: new Date().getFullYear() }} style={{ maxWidth: 720 }}>
              <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('name') }) }, { max: 100 }]}>
                <Input maxLength={100} showCount />
              </Form.Item>
              <Form.Item name="nameEn" label={t('nameEn')} rules={[{ max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
              <div className="quota-row">
                <Form.Item name="level" label={t('level')}>
                  <Select allowClear options={levels} style={{ width: 200 }} />
                </Form.Item>
                <Form.Item name="year" label={t('year')} rules={[{ required: true, message: t('common.required', { field: t('year') }) }]}>
                  <InputNumber min={2000} max={2100} precision={0} style={{ width: 160 }} />
                </Form.Item>
              </div>
              <Form.Item name="coverUrl" label={t('coverUrl')} rules={[{ type: 'url' }, { max: 500 }]}>
                <Input maxLength={500} placeholder="https://" />
              </Form.Item>
              <Form.Item name="summary" label={t('summary')} rules={[{ max: 500 }]}>
                <Input.TextArea rows={2} maxLength={500} showCount />
              </Form.Item>
              <Form.Item name="intro" label={t('intro')}>
                <RichTextField />
              </Form.Item>
              <Form.Item name="guide" label={t('guide')}>
                <RichTextField />
              </Form.Item>
            </Form>
            {footer({ onClick: () => void saveBasic() })}
          </>
        )}
        {step === STEP.items && detail && (
          <>
            <ItemsEditor detail={detail} editable onChange={setDetail} />
            {footer({ onClick: () => setStep(STEP.stages) })}
          </>
        )}
        {step === STEP.stages && detail && (
          <>
            <StagesEditor detail={detail} editable onChange={setDetail} />
            {footer({ onClick: () => setStep(STEP.enroll) })}
          </>
        )}
        {step === STEP.enroll && detail && (
          <>
            <EnrollFields form={enroll} detail={detail} />
            {footer({ onClick: () => void saveEnroll() })}
          </>
        )}
        {step === STEP.workSub && detail && (
          <>
            <WorkSubFields form={workSub} detail={detail} />
            {footer({ onClick: () => void saveWorkSub() })}
          </>
        )}
        {step === STEP.finish && detail && (
          <Result
            status={detail.status === CompetitionStatus.published ? 'success' : missing.length ? 'warning' : 'info'}
            title={detail.status === CompetitionStatus.published ? t('wizard.publishedTitle', { name: detail.name }) : t('wizard.readyTitle', { name: detail.name })}
            subTitle={
              detail.status === CompetitionStatus.published ? undefined : missing.length ? t('wizard.missing', { missing: missing.join(t('listSeparator')) }) : t('wizard.readyDesc')
            }
            extra={[
              detail.status === CompetitionStatus.draft && (
                <GuardedButton key="publish" type="primary" loading={busy} disabled={missing.length > 0} onClick={() => void publish()}>
                  {t('wizard.publishNow')}
                </GuardedButton>
              ),
              detail.status === CompetitionStatus.draft && (
                <Button
                  key="draft"
                  onClick={() => {
                    toast(t('wizard.keptDraft'), 'success');
                    navigate('/competition/list');
                  }}
                >
                  {t('wizard.keepDraft')}
                </Button>
              ),
              <Button key="details" onClick={() => navigate(`/competition/details?id=${detail.id}`)}>
                {t('wizard.toDetails')}
              </Button>,
            ]}
          />
        )}
      </div>
    </div>
  );
}
