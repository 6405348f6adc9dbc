import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Perm, SignupStatus, SignupType, yuanOf, type MemberField, type SignupDetail, type SignupMember } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import { LoadError } from '@/app/components/PageHeader';
import type { AsyncState } from '@/app/hooks/useAsync';
import { enrollAdminApi } from '../api/enroll-admin.api';
import { CompleteTag, NS, PayStatusTag, SignupStatusTag, useEventLabel, useFieldNames, useLang, useLocalName } from './shared';

const PROFILE_FIELDS: Exclude<MemberField, 'school'>[] = ['gender', 'idNumber', 'phone', 'email', 'college', 'major', 'studentNo', 'grade'];

/**
 * The identity number as the detail carries it (masked), with "Show" asking for it in full: an explicit act
 * the gateway records in the operation log.
 */
function IdNumberValue({ signupId, member }: { signupId: number; member: SignupMember }) {
  const { t } = useTranslation(NS);
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const masked = member.profile.idNumber;
  if (!masked) return null;
  if (full) return <span data-testid="id-number">{full}</span>;
  const show = async () => {
    setBusy(true);
    try {
      setFull((await enrollAdminApi.idNumber(signupId, member.userId)).idNumber ?? masked);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <span data-testid="id-number">{masked}</span>
      <Tooltip title={t('detail.showIdNumberHint')}>
        <Button type="link" size="small" loading={busy} onClick={() => void show()} style={{ padding: 0, height: 'auto' }}>
          {t('detail.showIdNumber')}
        </Button>
      </Tooltip>
    </Space>
  );
}

function MemberCard({ signupId, member }: { signupId: number; member: SignupMember }) {
  const { t } = useTranslation(NS);
  const fieldNames = useFieldNames();
  const p = member.profile;
  const value = (f: (typeof PROFILE_FIELDS)[number]) => {
    if (f === 'gender') return p.gender ? t(`gender.${p.gender}`) : '';
    if (f === 'idNumber') return p.idNumber ? <IdNumberValue signupId={signupId} member={member} /> : '';
    return p[f] ?? '';
  };
  return (
    <Card
      size="small"
      className="signup-member"
      title={
        <>
          <span>{p.realName || member.username}</span>
          {member.captain && <Tag color="gold">{t('detail.captainTag')}</Tag>}
        </>
      }
      extra={
        member.missing.length ? (
          <Typography.Text type="danger">
            {t('detail.missing')}
            {fieldNames(member.missing)}
          </Typography.Text>
        ) : (
          <Typography.Text type="success">{t('detail.allFilled')}</Typography.Text>
        )
      }
    >
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('detail.account')}>{member.username}</Descriptions.Item>
        <Descriptions.Item label={t('memberField.school')}>{p.schoolName || (p.schoolId ? `#${p.schoolId}` : '-')}</Descriptions.Item>
        {PROFILE_FIELDS.map((f) => (
          <Descriptions.Item key={f} label={t(`memberField.${f}`)}>
            {value(f) || <Typography.Text type={member.missing.includes(f) ? 'danger' : 'secondary'}>-</Typography.Text>}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

/**
 * One sign-up as the organiser reviews it: where it is, its state, advisers, every member's details with what
 * is still missing, and approve / reject while it is pending.
 */
export function SignupDrawer({
  id,
  detail,
  onClose,
  onApprove,
  onReject,
}: {
  /** The sign-up shown; null when closed. */
  id: number | null;
  detail: AsyncState<SignupDetail>;
  onClose: () => void;
  onApprove: (s: SignupDetail) => Promise<void>;
  onReject: (s: SignupDetail) => void;
}) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const localName = useLocalName();
  const event = useEventLabel();
  const canCheck = usePermission([Perm.enrollCheck]);
  // The previous sign-up's data stays in `detail` until the next one arrives: never show it under this id.
  const s = detail.data?.id === id ? detail.data : undefined;
  const pending = s?.status === SignupStatus.pending;

  return (
    <Drawer
      open={id !== null}
      width={760}
      className="signup-drawer"
      title={t('detail.title')}
      onClose={onClose}
      destroyOnHidden
      extra={
        s &&
        pending &&
        canCheck && (
          <Space>
            <GuardedButton danger onClick={() => onReject(s)}>
              {t('signup.reject')}
            </GuardedButton>
            <GuardedButton type="primary" onClick={() => onApprove(s)}>
              {t('signup.approve')}
            </GuardedButton>
          </Space>
        )
      }
    >
      <LoadError error={detail.error} onRetry={detail.reload} />
      {!s ? (
        detail.loading && <Skeleton active />
      ) : (
        <>
          {s.status === SignupStatus.rejected && s.rejectReason && (
            <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('detail.rejectReason')} description={s.rejectReason} />
          )}
          {pending && !s.complete && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('detail.incompleteHint')} />}
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 110 } }}>
            <Descriptions.Item label={t('detail.number')}>{s.id}</Descriptions.Item>
            <Descriptions.Item label={t('detail.type')}>{s.type === SignupType.team ? t('signup.teamTag') : t('signup.individual')}</Descriptions.Item>
            <Descriptions.Item label={t('filter.competition')} span={2}>
              {localName(s.competitionName, s.competitionNameEn)}
            </Descriptions.Item>
            <Descriptions.Item label={event.label}>{localName(s.itemName, s.itemNameEn)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.teamName')}>{s.teamName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('signup.school')}>{s.schoolName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.teamSize')}>{t('detail.teamSizeValue', { count: s.members.length, min: s.teamMin, max: s.teamMax })}</Descriptions.Item>
            <Descriptions.Item label={t('signup.status')}>
              <SignupStatusTag status={s.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('signup.complete')}>
              <CompleteTag complete={s.complete} />
            </Descriptions.Item>
            <Descriptions.Item label={t('signup.payStatus')}>
              <PayStatusTag payStatus={s.payStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.fee')}>{s.feeFen ? t('detail.feeValue', { amount: yuanOf(s.feeFen) }) : t('detail.free')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.advisers')} span={2}>
              {s.teachers.length
                ? s.teachers.map((x) => [x.name, x.phone, x.email].filter(Boolean).join(' · ')).join(t('listSeparator'))
                : t('detail.noAdvisers')}
            </Descriptions.Item>
            <Descriptions.Item label={t('signup.createdAt')}>{formatDateTime(s.createdAt, lang)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.updatedAt')}>{formatDateTime(s.updatedAt, lang)}</Descriptions.Item>
          </Descriptions>
          <div className="signup-drawer__section">{t('detail.membersTitle', { count: s.members.length })}</div>
          {s.members.length ? (
            s.members.map((m) => <MemberCard key={m.userId} signupId={s.id} member={m} />)
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </>
      )}
    </Drawer>
  );
}
