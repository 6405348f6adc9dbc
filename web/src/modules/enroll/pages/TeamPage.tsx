import { useEffect, useState } from 'react';
import { Alert, Breadcrumb, Button, Card, Descriptions, Empty, Form, Input, Result, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { owesFee, PayStatus, SignupStatus, SignupType, type SignupDetail, type SignupMember, type Teacher } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime, formatMoney } from '@/app/i18n/format';
import { useAsync } from '@/app/hooks/useAsync';
import { ACTIONS_KEY, ResponsiveTable } from '@/app/components/ResponsiveTable';
import { siteApi, type PublicCompetition } from '@/app/api/site.api';
import { useLocalName } from '@/app/i18n/hooks';
import { enrollApi, workApi } from '../api/enroll.api';
import { Advisers } from '../components/Advisers';
import { PayButton } from '../components/PayButton';
import { WorkAction } from '../components/WorkAction';
import {
  compactTeachers,
  copyText,
  PayStatusTag,
  ProfileFields,
  showProfileError,
  profileOf,
  profileValues,
  type ProfileValues,
  SignupStatusTag,
  useFieldNames,
  useLoginRedirect,
  useSignupName,
} from '../components/shared';
import '../components/enroll.css';

const labels = currentHostLabelKeys();
const memberName = (m: Pick<SignupMember, 'profile' | 'username'>) => m.profile?.realName || m.username;

/** Runs a call and reports it; false when it failed (the HTTP client showed why). */
async function attempt(run: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await run();
    toast(done, 'success');
    return true;
  } catch {
    return false;
  }
}

function Summary({ s, c, me, reload }: { s: SignupDetail; c: PublicCompetition | undefined; me: number; reload: () => void }) {
  // The sign-up's work, so a submitted one is offered to view instead of to submit again.
  const works = useAsync((signal) => workApi.mine(signal), [s.id]);
  const { t, i18n } = useTranslation('enroll');
  const lang = normaliseLang(i18n.language);
  const navigate = useNavigate();
  const localName = useLocalName();
  const captain = s.captainUserId === me;
  const team = s.type === SignupType.team;
  const active = s.status === SignupStatus.pending || s.status === SignupStatus.approved;
  const name = useSignupName()(s);
  // An approved team is fixed: the captain can no longer dissolve it (the server refuses too).
  const canEnd = active && captain && !(team && s.status === SignupStatus.approved);
  const leave = () =>
    void confirmDelete({ question: t('team.leaveConfirm', { name }), okText: t('team.leave'), done: t('team.left'), run: () => enrollApi.leave(s.id) }).then(
      (ok) => ok && navigate('/center/team'),
    );
  const end = () =>
    void confirmDelete({
      question: t(team ? 'team.dissolveConfirm' : 'team.withdrawConfirm', { name }),
      okText: t(team ? 'team.dissolve' : 'team.withdraw'),
      done: t(team ? 'team.dissolved' : 'team.withdrawn'),
      run: () => (team ? enrollApi.dissolve(s.id) : enrollApi.withdraw(s.id)),
    }).then((ok) => ok && reload());
  return (
    <Card
      title={
        <Space wrap>
          {name}
          <SignupStatusTag status={s.status} />
          <PayStatusTag payStatus={s.payStatus} />
          {active && <Tag color={s.complete ? 'green' : 'orange'}>{s.complete ? t('team.complete') : t('team.incomplete')}</Tag>}
        </Space>
      }
      extra={
        <Space wrap>
          {active && captain && <PayButton s={s} onChanged={reload} />}
          {active && <WorkAction s={s} work={works.data?.find((w) => w.signupId === s.id)} button />}
          {active && team && !captain && s.status === SignupStatus.pending && (
            <Button danger onClick={leave}>
              {t('team.leave')}
            </Button>
          )}
          {canEnd && (
            <Button danger onClick={end}>
              {t(team ? 'team.dissolve' : 'team.withdraw')}
            </Button>
          )}
        </Space>
      }
    >
      {s.status === SignupStatus.rejected && s.rejectReason && <Alert type="error" showIcon message={t('team.rejectReason', { reason: s.rejectReason })} style={{ marginBottom: 16 }} />}
      {team && s.status === SignupStatus.approved && (
        <Alert type="info" showIcon message={t(captain ? 'team.approvedFixed' : 'team.approvedFixedMember')} style={{ marginBottom: 16 }} data-testid="team-fixed" />
      )}
      {!active && <Alert type="warning" showIcon message={t('team.closedNote', { status: t(`status.${s.status}`) })} style={{ marginBottom: 16 }} />}
      {active && !captain && owesFee(s) && (
        <Alert
          type="info"
          showIcon
          message={t('team.captainPays', { amount: formatMoney(s.feeFen), captain: s.members.filter((m) => m.captain).map(memberName).join('') })}
          style={{ marginBottom: 16 }}
          data-testid="captain-pays"
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('common.competition')}>
          <Link to={`/home/competition/details?id=${s.competitionId}`}>{c ? localName(c.name, c.nameEn) : localName(s.competitionName, s.competitionNameEn)}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t(labels.signUpItem, { ns: 'translation' })}>{localName(s.itemName, s.itemNameEn)}</Descriptions.Item>
        <Descriptions.Item label={t('team.type')}>{t(`type.${s.type}`)}</Descriptions.Item>
        {team && <Descriptions.Item label={t('team.teamName')}>{s.teamName}</Descriptions.Item>}
        {team && <Descriptions.Item label={t('team.members')}>{t('team.teamSize', { count: s.memberCount, min: s.teamMin, max: s.teamMax })}</Descriptions.Item>}
        {s.schoolName && <Descriptions.Item label={t('team.school')}>{s.schoolName}</Descriptions.Item>}
        <Descriptions.Item label={t('team.signedAt')}>{formatDateTime(s.createdAt, lang, 'minute')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Members({ s, me, onChange }: { s: SignupDetail; me: number; onChange: (d: SignupDetail) => void }) {
  const { t } = useTranslation('enroll');
  const names = useFieldNames();
  const captain = s.captainUserId === me && s.status === SignupStatus.pending;
  const transfer = async (m: SignupMember) => {
    if ((await confirmDialog(t('team.transferConfirm', { name: memberName(m) }), { okText: t('team.transfer') })) !== 'confirm') return;
    let next: SignupDetail | undefined;
    if (await attempt(async () => (next = await enrollApi.transfer(s.id, m.userId)), t('team.transferred'))) onChange(next!);
  };
  const remove = async (m: SignupMember) => {
    let next: SignupDetail | undefined;
    const ok = await confirmDelete({
      question: t('team.removeConfirm', { name: memberName(m) }),
      okText: t('team.remove'),
      done: t('team.removed'),
      run: async () => (next = await enrollApi.removeMember(s.id, m.userId)),
    });
    if (ok && next) onChange(next);
  };
  return (
    <Card title={`${t('team.members')} (${s.members.length})`} data-testid="team-members">
      <ResponsiveTable<SignupMember>
        rowKey="userId"
        size="middle"
        pagination={false}
        dataSource={s.members}
        scroll={{ x: 640 }}
        columns={[
          { title: t('team.member'), render: (_, m) => memberName(m) },
          { title: t('team.account'), dataIndex: 'username' },
          { title: t('team.role'), width: 90, render: (_, m) => (m.captain ? <Tag color="gold">{t('team.captain')}</Tag> : <Tag>{t('team.memberRole')}</Tag>) },
          {
            // Headed by what it shows in either case: what is missing, or that nothing is.
            title: t('team.details'),
            render: (_, m) => (m.missing.length ? <Typography.Text type="warning">{t('team.stillMissing', { fields: names(m.missing) })}</Typography.Text> : <Typography.Text type="success">{t('team.allFilled')}</Typography.Text>),
          },
          ...(captain
            ? [
                {
                  key: ACTIONS_KEY,
                  title: t('common.actions'),
                  width: 170,
                  render: (_: unknown, m: SignupMember) =>
                    m.userId === me ? null : (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => void transfer(m)}>
                          {t('team.transfer')}
                        </Button>
                        <Button type="link" size="small" danger onClick={() => void remove(m)}>
                          {t('team.remove')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

function Invite({ s }: { s: SignupDetail }) {
  const { t } = useTranslation('enroll');
  const invite = useAsync((signal) => enrollApi.invite(s.id, signal), [s.id]);
  const full = s.memberCount >= s.teamMax;
  return (
    <Card title={t('team.invite')} data-testid="team-invite">
      {full ? (
        <Alert type="info" showIcon message={t('team.inviteFull', { max: s.teamMax })} />
      ) : !invite.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="enroll-invite">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('team.inviteHint')}</Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={invite.data.link} data-testid="invite-link" />
              <Button type="primary" icon={<CopyOutlined />} onClick={() => void copyText(invite.data!.link, t('team.copied'), t('team.copyFailed'))}>
                {t('team.copy')}
              </Button>
            </Space.Compact>
          </Space>
          <img src={invite.data.qrCode} alt={t('team.qrAlt')} />
        </div>
      )}
    </Card>
  );
}

function MyDetails({ s, c, me, onSaved }: { s: SignupDetail; c: PublicCompetition; me: number; onSaved: () => void }) {
  const { t } = useTranslation('enroll');
  const names = useFieldNames();
  const [form] = Form.useForm<{ profile: ProfileValues }>();
  const [busy, setBusy] = useState(false);
  const mine = s.members.find((m) => m.userId === me);
  const fields = c.enroll.requiredFields;
  if (!mine || !fields.length) return null;
  const editable = s.status === SignupStatus.pending;
  const save = async () => {
    const { profile } = await form.validateFields();
    const clean = profileOf(profile);
    setBusy(true);
    try {
      await enrollApi.saveMyProfile(s.id, clean);
      toast(t('team.detailsSaved'), 'success');
      onSaved();
    } catch (err) {
      showProfileError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('team.myDetails')} data-testid="my-details">
      <Alert
        type={mine.missing.length ? 'warning' : 'success'}
        showIcon
        message={mine.missing.length ? t('team.myDetailsHint', { fields: names(mine.missing) }) : t('team.myDetailsDone')}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ profile: profileValues(mine.profile) }} disabled={!editable}>
        <ProfileFields fields={fields} />
        {editable && (
          <Button type="primary" loading={busy} onClick={() => void save().catch(() => undefined)}>
            {t('team.saveDetails')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function AdvisersCard({ s, c, me, onChange }: { s: SignupDetail; c: PublicCompetition; me: number; onChange: (d: SignupDetail) => void }) {
  const { t } = useTranslation('enroll');
  const [form] = Form.useForm<{ teachers: Teacher[] }>();
  const [busy, setBusy] = useState(false);
  const max = c.enroll.teacherMax;
  if (max <= 0) return null;
  const editable = s.captainUserId === me && (s.status === SignupStatus.pending || s.status === SignupStatus.approved);
  const save = async () => {
    const { teachers } = await form.validateFields();
    setBusy(true);
    if (await attempt(async () => onChange(await enrollApi.saveTeachers(s.id, compactTeachers(teachers))), t('team.advisersSaved'))) form.resetFields();
    setBusy(false);
  };
  return (
    <Card title={`${t('signUp.advisers')} · ${t('signUp.advisersHint', { max })}`} data-testid="team-advisers">
      {editable ? (
        <Form form={form} initialValues={{ teachers: s.teachers }}>
          <Advisers max={max} heading={false} />
          <Button onClick={() => void save().catch(() => setBusy(false))} loading={busy}>
            {t('team.advisersSave')}
          </Button>
        </Form>
      ) : s.teachers.length ? (
        <Space wrap>
          {s.teachers.map((x, i) => (
            <Tag key={i}>{[x.name, x.phone, x.email].filter(Boolean).join(' · ')}</Tag>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** The member view: everything about one sign-up the caller is in. */
function MemberView({ id }: { id: number }) {
  const { t } = useTranslation('enroll');
  const detail = useAsync((signal) => enrollApi.team(id, signal), [id]);
  const user = useAsync((signal) => enrollApi.userDetail(signal), []);
  const [current, setCurrent] = useState<SignupDetail>();
  useEffect(() => setCurrent(detail.data), [detail.data]);
  const competitionId = current?.competitionId ?? 0;
  const competition = useAsync((signal) => siteApi.competition(competitionId, signal), [competitionId], competitionId > 0);
  if (detail.error || (!detail.loading && !detail.data)) {
    return <Result status="404" title={t('common.notFound')} subTitle={detail.error} extra={<Link to="/center/competition">{t('centre.competitions')}</Link>} />;
  }
  if (!current || !user.data) return <Skeleton active />;
  const s = current;
  const me = user.data.userId;
  const c = competition.data;
  const team = s.type === SignupType.team;
  return (
    <>
      <Summary s={s} c={c} me={me} reload={detail.reload} />
      <Members s={s} me={me} onChange={setCurrent} />
      {team && s.status === SignupStatus.pending && <Invite s={s} />}
      {c && <MyDetails key={s.updatedAt} s={s} c={c} me={me} onSaved={detail.reload} />}
      {c && <AdvisersCard key={`t${s.updatedAt}`} s={s} c={c} me={me} onChange={setCurrent} />}
    </>
  );
}

/** The join view: someone with an invite link sees the team (names masked), fills in their details and joins. */
function JoinView({ code }: { code: string }) {
  const { t } = useTranslation('enroll');
  const navigate = useNavigate();
  const localName = useLocalName();
  const invitation = useAsync((signal) => enrollApi.invitation(code, signal), [code]);
  const user = useAsync((signal) => enrollApi.userDetail(signal), []);
  const competitionId = invitation.data?.competitionId ?? 0;
  const competition = useAsync((signal) => siteApi.competition(competitionId, signal), [competitionId], competitionId > 0);
  const [form] = Form.useForm<{ profile: ProfileValues }>();
  const [busy, setBusy] = useState(false);
  const v = invitation.data;
  const memberOf = v?.memberSignupId;
  useEffect(() => {
    if (memberOf) navigate(`/home/competition/team/details?id=${memberOf}`, { replace: true });
  }, [memberOf, navigate]);

  if (invitation.error || (!invitation.loading && !v)) return <Result status="404" title={t('common.notFound')} subTitle={invitation.error} />;
  if (!v || !user.data || !competition.data || memberOf) return <Skeleton active />;
  const c = competition.data;
  const join = async () => {
    const { profile } = await form.validateFields();
    const clean = profileOf(profile);
    setBusy(true);
    try {
      const joined = await enrollApi.join(code, clean);
      toast(t('team.joined'), 'success');
      navigate(`/home/competition/team/details?id=${joined.id}`, { replace: true });
    } catch (err) {
      showProfileError(form, err);
    } finally {
      setBusy(false);
    }
  };
  const itemName = localName(v.itemName, v.itemNameEn);
  return (
    <Card title={t('team.joinTitle')} data-testid="team-join">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('team.joinIntro', { captain: v.captainName, team: v.teamName ?? itemName })}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('common.competition')}>
          <Link to={`/home/competition/details?id=${v.competitionId}`}>{localName(v.competitionName, v.competitionNameEn)}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t(labels.signUpItem, { ns: 'translation' })}>{itemName}</Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <SignupStatusTag status={v.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('team.fee')}>
          {v.feeFen > 0 ? t('team.feeByCaptain', { amount: formatMoney(v.feeFen), status: t(`pay.${v.payStatus}`) }) : t(`pay.${PayStatus.free}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('team.currentMembers')}>
          {v.memberNames.join(t('listSeparator'))} · {t('team.teamSize', { count: v.memberCount, min: v.teamMin, max: v.teamMax })}
          {v.placesLeft > 0 && <> · {t('team.placesLeft', { count: v.placesLeft })}</>}
        </Descriptions.Item>
      </Descriptions>
      {v.placesLeft === 0 ? (
        <Alert type="warning" showIcon message={t('team.inviteFull', { max: v.teamMax })} />
      ) : v.status !== SignupStatus.pending ? (
        <Alert type="warning" showIcon message={t('team.closedNote', { status: t(`status.${v.status}`) })} />
      ) : (
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }} initialValues={{ profile: profileValues(user.data.profile) }}>
          {c.enroll.requiredFields.length > 0 && <Typography.Paragraph type="secondary">{t('team.joinDetails')}</Typography.Paragraph>}
          <ProfileFields fields={c.enroll.requiredFields} />
          <Button type="primary" size="large" loading={busy} onClick={() => void join().catch(() => undefined)}>
            {t('team.join')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** /home/competition/team/details?id= (a member's view) or ?inviteCode= (joining by an invite link). */
export default function TeamPage() {
  const { t } = useTranslation('enroll');
  const loggedIn = useLoginRedirect();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const code = params.get('inviteCode')?.trim();
  if (!loggedIn) return <Result icon={<Spin />} title={t('signUp.loginFirst')} />;
  return (
    <div className="enroll-page" data-testid="team-page">
      <Breadcrumb items={[{ title: <Link to="/center/competition">{t('centre.competitions')}</Link> }, { title: t(code && !(id > 0) ? 'team.joinTitle' : 'team.title') }]} />
      {id > 0 ? <MemberView key={id} id={id} /> : code ? <JoinView code={code} /> : <Result status="warning" title={t('team.missingRef')} />}
    </div>
  );
}
