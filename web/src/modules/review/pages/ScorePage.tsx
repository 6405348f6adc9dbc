import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Input, InputNumber, Result, Row, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MY_REVIEW_STATUSES, type MyReviewStatus, type ScoreSheet, type SheetDetail, type SheetScores } from '@cmp/contracts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { alertDialog, confirmDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { reviewApi } from '../api/review.api';
import { FileViewer } from '../components/FileViewer';
import { formatScore, NS, SheetStatusTag, weightedTotal } from '../components/shared';
import '../locales';
import '../components/review.css';

/** How long the sheet waits after the last keystroke before it saves the draft. */
const AUTOSAVE_MS = 800;

const isMyStatus = (s: string): s is MyReviewStatus => (MY_REVIEW_STATUSES as readonly string[]).includes(s);

type SaveState = { kind: 'idle' } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed' };

/** The score sheet: one number per column, the comment, the live total; drafts save themselves. */
function SheetForm({ detail, onDone }: { detail: SheetDetail; onDone: (sheet: ScoreSheet) => void }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const { setting, sheet, editable } = detail;
  const [scores, setScores] = useState<SheetScores>(() => setting.columns.map((_, i) => sheet?.scores[i] ?? null));
  const [comment, setComment] = useState(sheet?.comment ?? '');
  const [save, setSave] = useState<SaveState>(sheet?.status === 'draft' ? { kind: 'saved', at: sheet.updatedAt } : { kind: 'idle' });
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<MyReviewStatus>(sheet?.status && isMyStatus(sheet.status) ? sheet.status : 'notStarted');
  // What the next save sends, and the version it edits: refs, so a debounced save reads the latest.
  const latest = useRef({ scores, comment });
  latest.current = { scores, comment };
  const version = useRef(sheet?.version ?? 0);
  const edits = useRef(0);
  const savedEdits = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    chain.current = chain.current.then(async () => {
      if (edits.current === savedEdits.current) return;
      const upTo = edits.current;
      setSave({ kind: 'saving' });
      try {
        const saved = await reviewApi.save({ assignmentId: detail.item.assignmentId, ...latest.current, version: version.current });
        version.current = saved.version;
        savedEdits.current = upTo;
        // Saved, unless the expert typed on meanwhile (the next save is on its way).
        setSave(edits.current === upTo ? { kind: 'saved', at: saved.updatedAt } : { kind: 'pending' });
        if (isMyStatus(saved.status)) setStatus(saved.status);
      } catch {
        setSave({ kind: 'failed' });
      }
    });
    return chain.current;
  }, [detail.item.assignmentId]);

  const edited = () => {
    edits.current += 1;
    setSave((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
  };
  // Leaving the screen (or the tab) sends what is still pending.
  useEffect(() => {
    const leave = () => void flush();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [flush]);

  const total = weightedTotal(setting.columns, scores);
  const returned = sheet?.status === 'returned';

  const submit = async () => {
    if (scores.some((s) => s === null)) return void alertDialog(t('score.incomplete'));
    if (setting.commentRequired && !comment.trim()) return void alertDialog(t('score.needComment'));
    if ((await confirmDialog(t('score.submitConfirm'), { okText: t('score.submit') })) !== 'confirm') return;
    setSubmitting(true);
    try {
      await flush();
      const done = await reviewApi.submit({ assignmentId: detail.item.assignmentId, scores, comment, version: version.current });
      toast(t('score.submitted'), 'success');
      onDone(done);
    } catch {
      /* toasted */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className="review-sheet" size="small" title={t('score.sheet')} extra={<SheetStatusTag status={status} />} data-testid="score-sheet">
      {returned && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('score.returned')} description={t('score.returnReason', { reason: sheet.returnReason })} data-testid="return-reason" />
      )}
      {sheet?.status === 'submitted' && (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} message={t('score.locked', { time: formatDateTime(sheet.submittedAt, lang, 'minute') })} />
      )}
      {!editable && sheet?.status !== 'submitted' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('score.readOnly')} />}
      {setting.columns.map((c, i) => (
        <div className="review-sheet__column" key={i}>
          <div className="review-sheet__head">
            <div>
              <div className="review-sheet__name">{c.name}</div>
              <div className="review-sheet__meta">
                {t('score.max', { max: c.max })} · {t('score.step', { step: c.step })} · {t('score.weight', { weight: c.weight })}
              </div>
            </div>
            <InputNumber
              aria-label={c.name}
              data-column={i}
              min={0}
              max={c.max}
              step={c.step}
              value={scores[i]}
              disabled={!editable}
              style={{ width: 110 }}
              onChange={(v) => {
                setScores((s) => s.map((x, j) => (j === i ? (typeof v === 'number' ? v : null) : x)));
                edited();
              }}
            />
          </div>
          {c.rubric && (
            <div className="review-sheet__rubric">
              {t('score.rubric', { rubric: c.rubric })}
            </div>
          )}
        </div>
      ))}
      <div className="review-sheet__total">
        <span>
          {t('score.total')} <Typography.Text type="secondary">({t('score.totalHint')})</Typography.Text>
        </span>
        <span className="review-sheet__total-value" data-testid="sheet-total">
          {formatScore(total)}
        </span>
      </div>
      <Typography.Text strong>
        {setting.commentRequired && <span style={{ color: '#ff4d4f' }}>* </span>}
        {t('score.comment')}
      </Typography.Text>
      {setting.commentRequired && editable && <div className="review-sheet__meta">{t('score.commentRequired')}</div>}
      <Input.TextArea
        aria-label={t('score.comment')}
        style={{ marginTop: 6 }}
        rows={4}
        maxLength={2000}
        showCount={editable}
        value={comment}
        disabled={!editable}
        placeholder={t('score.commentPlaceholder')}
        onChange={(e) => {
          setComment(e.target.value);
          edited();
        }}
      />
      {editable && (
        <div className="review-sheet__footer">
          <span className="review-sheet__saved" data-testid="save-state" data-state={save.kind}>
            {(save.kind === 'saving' || save.kind === 'pending') && (
              <>
                <LoadingOutlined /> {t('score.saving')}
              </>
            )}
            {save.kind === 'saved' && (
              <>
                <CheckCircleOutlined style={{ color: '#52c41a' }} /> {t('score.savedAt', { time: formatDateTime(save.at, lang, 'second') })}
              </>
            )}
            {save.kind === 'failed' && <Typography.Text type="danger">{t('score.saveFailed')}</Typography.Text>}
            {save.kind === 'idle' && t('score.notSaved')}
          </span>
          <Button type="primary" loading={submitting} onClick={() => void submit()} data-testid="submit-sheet">
            {returned ? t('score.resubmit') : t('score.submit')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** 作品评分: the work's files beside (on a tablet: above) its score sheet. */
export default function ScorePage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const assignmentId = Number(params.get('assignmentId'));
  const valid = Number.isInteger(assignmentId) && assignmentId > 0;
  const detail = useAsync((signal) => reviewApi.detail(assignmentId, signal), [assignmentId], valid);
  const d = detail.data;
  const back = () => navigate(`/review/mine${d ? `?roundId=${d.item.roundId}` : ''}`);

  const header = (
    <PageHeader
      title={d ? d.item.workTitle : t('score.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('score.back')}
        </Button>
      }
    />
  );
  if (!valid) return <Result status="404" title={t('score.title')} extra={<Button onClick={back}>{t('score.back')}</Button>} />;
  return (
    <div className="system-page review-score" data-testid="score-page">
      {header}
      <LoadError error={detail.error} onRetry={detail.reload} />
      {!d ? (
        detail.loading && <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('score.round')}>{d.item.roundName}</Descriptions.Item>
            <Descriptions.Item label={t('mine.event')}>{d.item.eventName}</Descriptions.Item>
            <Descriptions.Item label={t('mine.closesAt')}>{d.item.closesAt ? formatDateTime(d.item.closesAt, lang, 'minute') : t('mine.noDeadline')}</Descriptions.Item>
            {d.setting.blind ? (
              <Descriptions.Item label={t('mine.members')}>{t('score.blind')}</Descriptions.Item>
            ) : (
              <Descriptions.Item label={t('mine.members')}>
                {[...(d.item.members ?? []), ...(d.item.schools?.length ? [`(${d.item.schools.join('、')})`] : [])].join(' ') || '-'}
                {!!d.item.advisers?.length && ` · ${t('score.advisers', { names: d.item.advisers.join('、') })}`}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Row gutter={[16, 16]} className="review-score__layout">
            <Col xs={24} xl={14} xxl={15}>
              <FileViewer files={d.files} />
            </Col>
            <Col xs={24} xl={10} xxl={9}>
              <SheetForm key={`${d.sheet?.id ?? 0}-${d.sheet?.version ?? 0}-${d.editable}`} detail={d} onDone={() => detail.reload()} />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
