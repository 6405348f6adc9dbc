import { useState } from 'react';
import { Alert, Breadcrumb, Button, Card, Form, Input, Radio, Result, Select, Skeleton, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ParticipationMode, SignupType, yuanOf, type Signup, type SignupCounts, type Teacher } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { useAsync } from '@/app/hooks/useAsync';
import { siteApi, type PublicCompetition } from '@/app/api/site.api';
import { useLocalName } from '@/app/i18n/hooks';
import { enrollApi, type UserDetail } from '../api/enroll.api';
import { Advisers } from '../components/Advisers';
import { compactTeachers, ProfileFields, profileOf, profileValues, showProfileError, type ProfileValues, SignupStatusTag, useLoginRedirect } from '../components/shared';
import '../components/enroll.css';

const labels = currentHostLabelKeys();
const ACTIVE = (s: Signup) => s.status === 0 || s.status === 1;
const teamPath = (id: number) => `/home/competition/team/details?id=${id}`;

interface Values {
  itemId: number;
  type: SignupType;
  teamName?: string;
  profile: ProfileValues;
  teachers?: Teacher[];
}

function windowOpen(c: PublicCompetition): boolean {
  const now = Date.now();
  return !!c.enroll.startAt && !!c.enroll.endAt && new Date(c.enroll.startAt).getTime() <= now && now <= new Date(c.enroll.endAt).getTime();
}

/** Reuse a team the caller captained before: its name, advisers and remaining members go to the chosen event. */
function ReuseTeam({ previous, competitionId, itemId, onDone }: { previous: Signup[]; competitionId: number; itemId?: number; onDone: (s: Signup) => void }) {
  const { t } = useTranslation('enroll');
  const localName = useLocalName();
  const item = t(labels.signUpItem, { ns: 'translation' });
  const [fromId, setFromId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!fromId || !itemId) return;
    setBusy(true);
    try {
      onDone(await enrollApi.copy({ fromId, competitionId, itemId }));
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('signUp.reuseTitle')} data-testid="reuse-team">
      <Typography.Paragraph type="secondary">{t('signUp.reuseHint', { item })}</Typography.Paragraph>
      <Space wrap>
        <Select
          style={{ minWidth: 320 }}
          placeholder={t('signUp.reusePlaceholder')}
          value={fromId}
          onChange={setFromId}
          options={previous.map((s) => ({ value: s.id, label: `${s.teamName ?? ''} · ${localName(s.competitionName, s.competitionNameEn)} · ${localName(s.itemName, s.itemNameEn)}` }))}
        />
        <Button onClick={() => void run()} loading={busy} disabled={!fromId || !itemId}>
          {t('signUp.reuse')}
        </Button>
      </Space>
      {!itemId && fromId && <Typography.Paragraph type="warning">{t('signUp.itemRequired', { item })}</Typography.Paragraph>}
    </Card>
  );
}

function SignUpForm({ c, counts, mine, all, user }: { c: PublicCompetition; counts: SignupCounts | undefined; mine: Signup[]; all: Signup[]; user: UserDetail }) {
  const { t } = useTranslation('enroll');
  const localName = useLocalName();
  const navigate = useNavigate();
  const item = t(labels.signUpItem, { ns: 'translation' });
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const itemId = Form.useWatch('itemId', form);
  const type = Form.useWatch('type', form) as SignupType | undefined;
  const { mode, teamMin, teamMax, teacherMax, requiredFields } = c.enroll;
  const taken = new Set(mine.filter(ACTIVE).map((s) => s.itemId));
  const remaining = (id: number) => counts?.items.find((i) => i.itemId === id)?.remaining ?? null;
  const open = c.items.filter((i) => !taken.has(i.id) && remaining(i.id) !== 0);
  const previous = all.filter((s) => s.type === SignupType.team && s.captainUserId === user.userId && !(s.competitionId === c.id && taken.has(s.itemId)));

  if (c.items.length && c.items.every((i) => taken.has(i.id))) return <Result status="info" title={t('signUp.allTaken', { item })} />;
  if (!open.length) return <Result status="warning" title={t('signUp.allFull', { item })} />;

  const done = (s: Signup, message: string) => {
    toast(message, 'success');
    navigate(teamPath(s.id));
  };
  const submit = async () => {
    const v = await form.validateFields();
    const profile = profileOf(v.profile);
    setBusy(true);
    try {
      const signup = await enrollApi.signUp({
        competitionId: c.id,
        itemId: v.itemId,
        type: v.type,
        teamName: v.type === SignupType.team ? v.teamName?.trim() : undefined,
        profile,
        teachers: compactTeachers(v.teachers),
      });
      done(signup, t('signUp.done'));
    } catch (err) {
      showProfileError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {previous.length > 0 && mode !== ParticipationMode.individual && (
        <ReuseTeam previous={previous} competitionId={c.id} itemId={itemId} onDone={(s) => done(s, t('signUp.reused'))} />
      )}
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 720 }}
          initialValues={{
            itemId: open.length === 1 ? open[0].id : undefined,
            type: mode === ParticipationMode.team ? SignupType.team : SignupType.individual,
            profile: profileValues(user.profile),
            teachers: [],
          }}
          onFinish={() => void submit()}
        >
          <Form.Item name="itemId" label={t('signUp.chooseItem', { item })} rules={[{ required: true, message: t('signUp.itemRequired', { item }) }]}>
            <Radio.Group className="enroll-items">
              {c.items.map((i) => {
                const left = remaining(i.id);
                const state = taken.has(i.id) ? t('signUp.signed') : left === 0 ? t('signUp.full') : left === null ? t('signUp.unlimited') : t('signUp.remaining', { count: left });
                return (
                  <Radio key={i.id} value={i.id} disabled={taken.has(i.id) || left === 0} className={`enroll-item${itemId === i.id ? ' enroll-item--checked' : ''}`}>
                    <strong>{localName(i.name, i.nameEn)}</strong>
                    <span className="enroll-item__meta">
                      {state}
                      {i.feeFen > 0 && ` · ${t('signUp.fee', { fee: yuanOf(i.feeFen) })}`}
                    </span>
                  </Radio>
                );
              })}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="type" label={t('signUp.type')} extra={mode !== ParticipationMode.individual ? t('signUp.teamSize', { min: teamMin, max: teamMax }) : undefined}>
            <Radio.Group
              optionType="button"
              options={[SignupType.individual, SignupType.team].map((v) => ({
                value: v,
                label: t(`type.${v}`),
                disabled: (v === SignupType.individual && mode === ParticipationMode.team) || (v === SignupType.team && mode === ParticipationMode.individual),
              }))}
            />
          </Form.Item>
          {type === SignupType.team && (
            <Form.Item name="teamName" label={t('signUp.teamName')} extra={t('signUp.teamNameHint')} rules={[{ required: true, whitespace: true, message: t('signUp.teamNameRequired') }]}>
              <Input maxLength={50} />
            </Form.Item>
          )}
          <Typography.Title level={5}>{t('signUp.myDetails')}</Typography.Title>
          <Typography.Paragraph type="secondary">{requiredFields.length ? t('signUp.detailsHint') : t('signUp.noDetails')}</Typography.Paragraph>
          <ProfileFields fields={requiredFields} />
          {teacherMax > 0 && <Advisers max={teacherMax} />}
          <Button type="primary" htmlType="submit" size="large" loading={busy}>
            {t('signUp.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}

/** /home/signUp?competitionId=: sign up for one event of a competition, alone or as a team. */
export default function SignUpPage() {
  const { t, i18n } = useTranslation('enroll');
  const lang = normaliseLang(i18n.language);
  const name = useLocalName();
  const loggedIn = useLoginRedirect();
  const [params] = useSearchParams();
  const id = Number(params.get('competitionId'));
  const ok = loggedIn && id > 0;
  const competition = useAsync((s) => siteApi.competition(id, s), [id], ok);
  const counts = useAsync((s) => enrollApi.counts(id, s), [id], ok);
  const all = useAsync((s) => enrollApi.mine(undefined, s), [], ok);
  const user = useAsync((s) => enrollApi.userDetail(s), [], ok);

  if (!loggedIn) return <Result icon={<Spin />} title={t('signUp.loginFirst')} />;
  if (!(id > 0)) return <Result status="warning" title={t('signUp.noCompetition')} extra={<Link to="/home/competition">{t('common.competitionList')}</Link>} />;
  const failed = competition.error ?? all.error ?? user.error;
  if (failed || (!competition.loading && !competition.data)) {
    return <Result status="warning" title={t('common.loadFailed')} subTitle={failed} extra={<Link to="/home/competition">{t('common.competitionList')}</Link>} />;
  }
  const c = competition.data;
  if (!c || !all.data || !user.data) return <Skeleton active className="enroll-page" />;
  const mine = all.data.filter((s) => s.competitionId === c.id);
  const minute = (v: string) => formatDateTime(v, lang, 'minute');

  return (
    <div className="enroll-page" data-testid="sign-up">
      <Breadcrumb
        items={[
          { title: <Link to="/home/competition">{t('common.competitions')}</Link> },
          { title: <Link to={`/home/competition/details?id=${c.id}`}>{name(c.name, c.nameEn)}</Link> },
          { title: t('signUp.title') },
        ]}
      />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('signUp.title')} · {name(c.name, c.nameEn)}
      </Typography.Title>
      {mine.filter(ACTIVE).map((s) => (
        <Alert
          key={s.id}
          type="info"
          showIcon
          message={
            <Space wrap>
              {t('signUp.already', { item: name(s.itemName, s.itemNameEn) })}
              <SignupStatusTag status={s.status} />
            </Space>
          }
          action={<Link to={teamPath(s.id)}>{t('signUp.goTeam')}</Link>}
        />
      ))}
      {windowOpen(c) ? (
        <SignUpForm c={c} counts={counts.data} mine={mine} all={all.data} user={user.data} />
      ) : (
        <Result
          status="warning"
          title={t('signUp.closed')}
          subTitle={c.enroll.startAt && c.enroll.endAt ? t('signUp.closedWindow', { start: minute(c.enroll.startAt), end: minute(c.enroll.endAt) }) : t('signUp.noWindow')}
          extra={<Link to={`/home/competition/details?id=${c.id}`}>{t('common.backToCompetition')}</Link>}
        />
      )}
    </div>
  );
}
