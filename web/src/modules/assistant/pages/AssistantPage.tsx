import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Input, Space, Tag, Typography } from 'antd';
import { ClearOutlined, RobotOutlined, SendOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ASSISTANT_QUESTION_MAX, type AnswerMode, type ScoredPassage } from '@cmp/contracts';
import { assistantApi } from '@/app/api/assistant.api';
import { storedSiteRef } from '@/app/api/site.api';
import { LOGIN_PATH } from '@/app/config/constants';
import { useSession } from '@/app/session/session';
import { ASSISTANT_NS } from '../locales';
import './assistant.css';

interface Turn {
  id: number;
  question: string;
  answer: string;
  passages: ScoredPassage[];
  mode?: AnswerMode;
  notice?: string;
  error?: string;
  done: boolean;
}

/** The answer's text with each [n] a link to its numbered source below. */
function Cited({ text, turnId, count }: { text: string; turnId: number; count: number }) {
  const parts = text.split(/(\[\d+\])/);
  return (
    <>
      {parts.map((part, i) => {
        const n = /^\[(\d+)\]$/.exec(part)?.[1];
        if (!n || Number(n) > count) return <Fragment key={i}>{part}</Fragment>;
        return (
          <a key={i} href={`#source-${turnId}-${n}`} className="assistant__cite">
            [{n}]
          </a>
        );
      })}
    </>
  );
}

/**
 * 智能问答 (/deepChat): questions about this site's competitions answered from its own data (competition settings,
 * news, the manual) and, when logged in, the asker's own sign-ups; the answer streams in, with its numbered sources.
 */
export default function AssistantPage() {
  const { t } = useTranslation(ASSISTANT_NS);
  const loggedIn = useSession((s) => !!s.token);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);

  // A block body: Chromium's scrollIntoView may return a promise, which React would take for a clean-up function.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [turns]);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (id: number, change: (t: Turn) => Partial<Turn>) => setTurns((all) => all.map((x) => (x.id === id ? { ...x, ...change(x) } : x)));

  const ask = async (text: string) => {
    const question = text.trim();
    if (!question || busy) return;
    const id = nextId.current++;
    setTurns((all) => [...all, { id, question, answer: '', passages: [], done: false }]);
    setDraft('');
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      await assistantApi.stream(
        question,
        storedSiteRef(),
        (e) => {
          if (e.event === 'passages') update(id, () => ({ passages: e.data.passages, mode: e.data.mode, notice: e.data.notice }));
          else if (e.event === 'delta') update(id, (x) => ({ answer: x.answer + e.data.text }));
          else if (e.event === 'done') update(id, () => ({ mode: e.data.mode, notice: e.data.notice, done: true }));
          else update(id, () => ({ error: e.data.msg, done: true }));
        },
        controller.signal,
      );
      update(id, () => ({ done: true }));
    } catch (err) {
      update(id, () => (controller.signal.aborted ? { done: true } : { error: (err as Error).message, done: true }));
    } finally {
      setBusy(false);
      abort.current = null;
    }
  };

  const suggestions = t('suggestions', { returnObjects: true }) as string[];

  return (
    <div className="assistant">
      <div className="assistant__head">
        <Typography.Title level={3} className="assistant__title">
          <RobotOutlined /> {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="assistant__intro">
          {t('intro')}{' '}
          {loggedIn ? (
            t('loggedIn')
          ) : (
            <>
              {t('loggedOut')} <Link to={`${LOGIN_PATH}?redirect=${encodeURIComponent('/deepChat')}`}>{t('login')}</Link>
            </>
          )}
        </Typography.Paragraph>
      </div>

      <div className="assistant__chat" data-testid="assistant-chat" aria-live="polite">
        {turns.length === 0 && (
          <div className="assistant__welcome">
            <Typography.Text type="secondary">{t('suggested')}</Typography.Text>
            <div className="assistant__suggestions">
              {suggestions.map((s) => (
                <Button key={s} shape="round" onClick={() => void ask(s)} data-testid="assistant-suggestion">
                  {s}
                </Button>
              ))}
            </div>
          </div>
        )}
        {turns.map((turn) => (
          <div key={turn.id} className="assistant__turn">
            <div className="assistant__row assistant__row--me">
              <div className="assistant__bubble assistant__bubble--me">{turn.question}</div>
              <Avatar icon={<UserOutlined />} className="assistant__avatar--me" aria-label={t('you')} />
            </div>
            <div className="assistant__row">
              <Avatar icon={<RobotOutlined />} className="assistant__avatar" aria-label={t('assistant')} />
              <div className="assistant__bubble" data-testid="assistant-answer" data-mode={turn.mode ?? ''} data-done={turn.done ? 'yes' : 'no'}>
                {turn.mode === 'refused' ? (
                  <Alert type="warning" showIcon message={turn.answer} />
                ) : (
                  <>
                    {turn.notice && <Alert type="info" showIcon className="assistant__notice" message={turn.notice} data-testid="assistant-notice" />}
                    {turn.answer ? (
                      <div className="assistant__answer">
                        <Cited text={turn.answer} turnId={turn.id} count={turn.passages.length} />
                        {!turn.done && <span className="assistant__caret" />}
                      </div>
                    ) : (
                      !turn.done && !turn.error && <Typography.Text type="secondary">{t('thinking')}</Typography.Text>
                    )}
                    {turn.error && <Alert type="error" showIcon message={t('failed', { msg: turn.error })} />}
                    {turn.passages.length > 0 && <Sources turn={turn} label={t('sources')} sourceName={(s) => t(`source.${s}`)} />}
                  </>
                )}
              </div>
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>

      <div className="assistant__composer">
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void ask(draft);
          }}
          placeholder={t('placeholder')}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={ASSISTANT_QUESTION_MAX}
          showCount
          aria-label={t('placeholder')}
          data-testid="assistant-input"
        />
        <Space className="assistant__actions">
          {turns.length > 0 && !busy && (
            <Button icon={<ClearOutlined />} onClick={() => setTurns([])} title={t('clear')} aria-label={t('clear')} />
          )}
          {busy ? (
            <Button icon={<StopOutlined />} onClick={() => abort.current?.abort()}>
              {t('stop')}
            </Button>
          ) : (
            <Button type="primary" icon={<SendOutlined />} disabled={!draft.trim()} onClick={() => void ask(draft)} data-testid="assistant-send">
              {t('send')}
            </Button>
          )}
        </Space>
      </div>
      <Typography.Paragraph type="secondary" className="assistant__disclaimer">
        {t('disclaimer')}
      </Typography.Paragraph>
    </div>
  );
}

function Sources({ turn, label, sourceName }: { turn: Turn; label: string; sourceName: (s: string) => ReactNode }) {
  return (
    <div className="assistant__sources" data-testid="assistant-sources">
      <Typography.Text type="secondary" className="assistant__sources-label">
        {label}
      </Typography.Text>
      <ol>
        {turn.passages.map((p, i) => (
          <li key={p.id} id={`source-${turn.id}-${i + 1}`}>
            <span className="assistant__source-n">[{i + 1}]</span>
            <Tag bordered={false} className="assistant__source-tag">
              {sourceName(p.source)}
            </Tag>
            <Link to={p.link} target="_blank" rel="noopener" className="assistant__source-link">
              {p.title}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
