import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Breadcrumb, Button, Card, Form, Input, Progress, Result, Skeleton, Space, Spin, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PayStatus, SignupStatus, WorkStatus, type SignupDetail, type Work, type WorkFile } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { useLocalName } from '@/app/i18n/hooks';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi, type PublicCompetition } from '@/app/api/site.api';
import { enrollApi, workApi } from '../api/enroll.api';
import { WorkFiles } from '../components/WorkFiles';
import { megabytes, useLoginRedirect, useSignupName, WorkStatusTag } from '../components/shared';
import '../components/enroll.css';

const labels = currentHostLabelKeys();
const MB = 1024 * 1024;

/** Why the work cannot change now, or null when it can. */
function useClosedReason(s: SignupDetail, c: PublicCompetition): { message: string; description?: string } | null {
  const { t, i18n } = useTranslation('enroll');
  const lang = normaliseLang(i18n.language);
  const { startAt, endAt } = c.workSubmit;
  const now = Date.now();
  if (s.status !== SignupStatus.pending && s.status !== SignupStatus.approved) return { message: t('work.signupClosed', { status: t(`status.${s.status}`) }) };
  if (s.payStatus === PayStatus.unpaid) return { message: t('work.unpaid') };
  if (!startAt || !endAt) return { message: t('work.closed'), description: t('work.noWindow') };
  if (now < new Date(startAt).getTime() || now > new Date(endAt).getTime()) {
    const window = { start: formatDateTime(startAt, lang, 'minute'), end: formatDateTime(endAt, lang, 'minute') };
    return { message: t('work.closed'), description: t('work.closedWindow', window) };
  }
  return null;
}

function Uploader({ work, c, itemId, editable, onWork }: { work: Work | undefined; c: PublicCompetition; itemId: number; editable: boolean; onWork: (w: Work) => void }) {
  const { t } = useTranslation('enroll');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rule = c.workSubmit.items.find((i) => i.itemId === itemId) ?? { fileTypes: [], maxFileMb: 0, maxFiles: 0 };
  const count = work?.files.length ?? 0;
  const canUpload = editable && !!work && work.status === WorkStatus.draft;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !work) return;
    setError(null);
    // Checked here first so a large file is not sent in vain; the gateway checks size and real content again.
    if (file.size > rule.maxFileMb * MB) return setError(t('work.tooLarge', { name: file.name, size: megabytes(file.size), limit: rule.maxFileMb }));
    if (count >= rule.maxFiles) return setError(t('work.tooMany', { count: rule.maxFiles }));
    setProgress({ name: file.name, percent: 0 });
    try {
      onWork(await workApi.upload(work.id, file, (percent) => setProgress({ name: file.name, percent })));
      toast(t('work.uploaded', { name: file.name }), 'success');
    } catch (err) {
      setError(t('work.uploadFailed', { name: file.name, reason: err instanceof Error ? err.message : String(err) }));
    } finally {
      setProgress(null);
    }
  };
  const remove = async (f: WorkFile) => {
    if (!work) return;
    const ok = await confirmDelete({
      question: t('work.deleteConfirm', { name: f.originalName }),
      okText: t('work.delete'),
      done: t('work.deleted'),
      run: () => workApi.deleteFile(work.id, f.id),
    });
    if (ok) onWork({ ...work, files: work.files.filter((x) => x.id !== f.id) });
  };

  return (
    <Card title={t('work.files')} data-testid="work-files">
      <div className="enroll-upload">
        <input ref={input} type="file" accept={rule.fileTypes.map((x) => `.${x}`).join(',')} onChange={(e) => void choose(e)} data-testid="work-file-input" />
        <Alert
          type="info"
          showIcon
          data-testid="upload-rules"
          message={t('work.rules', { types: rule.fileTypes.map((x) => x.toUpperCase()).join(' / '), size: rule.maxFileMb, count: rule.maxFiles })}
        />
        {editable && (
          <Space wrap>
            <Button icon={<UploadOutlined />} disabled={!canUpload || !!progress || count >= rule.maxFiles} onClick={() => input.current?.click()}>
              {t('work.choose')}
            </Button>
            {!work && <Typography.Text type="secondary">{t('work.saveFirst')}</Typography.Text>}
            {work && count >= rule.maxFiles && <Typography.Text type="secondary">{t('work.tooMany', { count: rule.maxFiles })}</Typography.Text>}
          </Space>
        )}
        {progress && (
          <div data-testid="upload-progress">
            <Typography.Text>{t('work.uploading', { name: progress.name })}</Typography.Text>
            <Progress percent={progress.percent} status="active" />
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} data-testid="upload-error" />}
        {work && <WorkFiles work={work} onDelete={canUpload ? (f) => void remove(f) : undefined} />}
      </div>
    </Card>
  );
}

function Editor({ s, c, initial }: { s: SignupDetail; c: PublicCompetition; initial: Work | undefined }) {
  const { t, i18n } = useTranslation('enroll');
  const lang = normaliseLang(i18n.language);
  const localName = useLocalName();
  const [work, setWork] = useState(initial);
  const [form] = Form.useForm<{ title: string; summary: string }>();
  const [busy, setBusy] = useState<'save' | 'submit' | 'withdraw' | null>(null);
  const closed = useClosedReason(s, c);
  const submitted = work?.status === WorkStatus.submitted;
  const editable = !closed && !submitted;

  const run = async (kind: 'save' | 'submit' | 'withdraw', call: () => Promise<Work>, done: string) => {
    setBusy(kind);
    try {
      setWork(await call());
      toast(done, 'success');
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    await run('save', () => workApi.save({ id: work?.id, signupId: s.id, title: v.title.trim(), summary: v.summary.trim() }), t('work.saved'));
  };
  const withdraw = async () => {
    if (!work || (await confirmDialog(t('work.withdrawConfirm'), { okText: t('work.withdraw'), danger: true })) !== 'confirm') return;
    await run('withdraw', () => workApi.withdraw(work.id), t('work.withdrawnDone'));
  };

  return (
    <>
      <Card
        title={
          <Space wrap>
            {t(labels.workSubmit, { ns: 'translation' })}
            <Typography.Text type="secondary" data-testid="work-signup">
              {[localName(s.competitionName, s.competitionNameEn), s.teamName, localName(s.itemName, s.itemNameEn)].filter(Boolean).join(' · ')}
            </Typography.Text>
            {work && <WorkStatusTag status={work.status} />}
          </Space>
        }
        extra={work && <Link to={`/home/work/workDetail?id=${work.id}`}>{t('work.view')}</Link>}
      >
        {closed && <Alert type="warning" showIcon message={closed.message} description={closed.description} style={{ marginBottom: 16 }} data-testid="work-closed" />}
        {submitted && work.submittedAt && <Alert type="success" showIcon message={t('work.submittedNote', { at: formatDateTime(work.submittedAt, lang, 'minute') })} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" style={{ maxWidth: 720 }} initialValues={{ title: work?.title ?? '', summary: work?.summary ?? '' }} disabled={!editable}>
          <Form.Item name="title" label={t('work.titleLabel')} rules={[{ required: true, whitespace: true, message: t('work.titleRequired') }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="summary" label={t('work.summary')} rules={[{ required: true, whitespace: true, message: t('work.summaryRequired') }]}>
            <Input.TextArea rows={5} maxLength={2000} showCount />
          </Form.Item>
          {editable && (
            <Button onClick={() => void save().catch(() => undefined)} loading={busy === 'save'}>
              {t('work.save')}
            </Button>
          )}
        </Form>
      </Card>
      <Uploader work={work} c={c} itemId={s.itemId} editable={!closed} onWork={setWork} />
      {work && !closed && (
        <Card>
          <Space>
            {!submitted && (
              <Button type="primary" size="large" disabled={!work.files.length} loading={busy === 'submit'} onClick={() => void run('submit', () => workApi.submit(work.id), t('work.submitted'))}>
                {t('work.submit')}
              </Button>
            )}
            {submitted && (
              <Button danger size="large" loading={busy === 'withdraw'} onClick={() => void withdraw()}>
                {t('work.withdraw')}
              </Button>
            )}
          </Space>
        </Card>
      )}
    </>
  );
}

/** /home/competition/submitWork?signupId=: the sign-up's work (title, summary, files), submitted and withdrawn here. */
export default function SubmitWorkPage() {
  const { t } = useTranslation('enroll');
  const loggedIn = useLoginRedirect();
  const [params] = useSearchParams();
  const id = Number(params.get('signupId'));
  const signupName = useSignupName();
  const ok = loggedIn && id > 0;
  const signup = useAsync((signal) => enrollApi.team(id, signal), [id], ok);
  const works = useAsync((signal) => workApi.mine(signal), [id], ok);
  const competitionId = signup.data?.competitionId ?? 0;
  const competition = useAsync((signal) => siteApi.competition(competitionId, signal), [competitionId], competitionId > 0);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(!!signup.data && !!works.data && !!competition.data), [signup.data, works.data, competition.data]);

  if (!loggedIn) return <Result icon={<Spin />} title={t('signUp.loginFirst')} />;
  const failed = signup.error ?? works.error ?? competition.error;
  if (!(id > 0) || failed || (!signup.loading && !signup.data)) {
    return <Result status="404" title={t('common.notFound')} subTitle={failed} extra={<Link to="/center/work">{t('centre.works')}</Link>} />;
  }
  const s = signup.data;
  return (
    <div className="enroll-page" data-testid="submit-work">
      <Breadcrumb
        items={[
          { title: <Link to="/center/work">{t('centre.works')}</Link> },
          { title: s ? <Link to={`/home/competition/team/details?id=${s.id}`}>{signupName(s)}</Link> : '' },
          { title: t(labels.workSubmit, { ns: 'translation' }) },
        ]}
      />
      {ready && s && competition.data ? <Editor s={s} c={competition.data} initial={works.data?.find((w) => w.signupId === s.id)} /> : <Skeleton active />}
    </div>
  );
}
