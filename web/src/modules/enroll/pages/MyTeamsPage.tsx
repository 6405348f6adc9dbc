import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/app/i18n/hooks';
import { Link } from 'react-router-dom';
import { SignupStatus, type SignupDetail } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { useSession } from '@/app/session/session';
import { ACTIONS_KEY } from '@/app/components/ResponsiveTable';
import { CentreList, useCentreData } from '../components/CentreList';
import { SignupStatusTag } from '../components/shared';

const labels = currentHostLabelKeys();

/** /center/team: the teams the caller is in, as captain or member. */
export default function MyTeamsPage() {
  const { t } = useTranslation('enroll');
  const localName = useLocalName();
  const data = useCentreData();
  const userId = useSession((s) => s.user?.userId);
  return (
    <CentreList<SignupDetail>
      title={t('centre.teams')}
      testId="my-teams"
      rows={data.data?.teams}
      loading={data.loading}
      error={data.error}
      reload={data.reload}
      rowKey="id"
      text={(s) => `${s.teamName ?? ''} ${s.competitionName} ${s.competitionNameEn} ${s.itemName} ${s.itemNameEn}`}
      statuses={{ options: [0, 1, 2, 3].map((v) => ({ value: v, label: t(`status.${v}`) })), of: (s) => s.status }}
      placeholder={t('centre.searchPlaceholder')}
      empty={t('centre.noTeams')}
      columns={[
        { title: t('common.team'), dataIndex: 'teamName', width: 160, render: (v: string | null, s) => <Link to={`/home/competition/team/details?id=${s.id}`}>{v ?? localName(s.itemName, s.itemNameEn)}</Link> },
        { title: t('common.competition'), dataIndex: 'competitionName', render: (v: string, s) => localName(v, s.competitionNameEn) },
        { title: t(labels.signUpItem, { ns: 'translation' }), dataIndex: 'itemName', width: 130, render: (v: string, s) => localName(v, s.itemNameEn) },
        { title: t('centre.role'), width: 90, render: (_, s) => (s.captainUserId === userId ? <Tag color="gold">{t('team.captain')}</Tag> : <Tag>{t('team.memberRole')}</Tag>) },
        { title: t('centre.members'), width: 110, render: (_, s) => `${s.memberCount} / ${s.teamMax}` },
        {
          title: t('centre.complete'),
          width: 110,
          // A closed sign-up's details no longer matter.
          render: (_, s) =>
            s.status === SignupStatus.pending || s.status === SignupStatus.approved ? (
              <Typography.Text type={s.complete ? 'success' : 'warning'}>{s.complete ? t('team.complete') : t('team.incomplete')}</Typography.Text>
            ) : (
              '-'
            ),
        },
        { title: t('common.status'), width: 90, render: (_, s) => <SignupStatusTag status={s.status} /> },
        { key: ACTIONS_KEY, title: t('common.actions'), width: 80, render: (_, s) => <Link to={`/home/competition/team/details?id=${s.id}`}>{t('centre.detail')}</Link> },
      ]}
    />
  );
}
