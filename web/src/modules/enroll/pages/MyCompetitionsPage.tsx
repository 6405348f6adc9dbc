import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/app/i18n/hooks';
import { Link } from 'react-router-dom';
import { owesFee, SignupStatus, type Signup } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { enrollApi } from '../api/enroll.api';
import { currentHostLabelKeys } from '@/app/config/site';
import { normaliseLang } from '@/app/i18n';
import { dateColumn } from '@/app/components/ListParts';
import { ACTIONS_KEY } from '@/app/components/ResponsiveTable';
import { CentreList, useCentreData } from '../components/CentreList';
import { PayStatusTag, SignupStatusTag } from '../components/shared';
import { WorkAction } from '../components/WorkAction';
import { PayButton } from '../components/PayButton';
import { ReceiptButton } from '../components/ReceiptButton';

const labels = currentHostLabelKeys();

/** /center/competition: the caller's sign-ups, newest first. */
export default function MyCompetitionsPage() {
  const { t, i18n } = useTranslation('enroll');
  const localName = useLocalName();
  const lang = normaliseLang(i18n.language);
  const data = useCentreData();
  // Only the captain (or the individual entrant) pays; the other members are told so.
  const me = useAsync((signal) => enrollApi.userDetail(signal), []).data?.userId;
  return (
    <CentreList<Signup>
      title={t('centre.competitions')}
      testId="my-signups"
      rows={data.data?.competitions}
      loading={data.loading}
      error={data.error}
      reload={data.reload}
      rowKey="id"
      text={(s) => `${s.competitionName} ${s.competitionNameEn} ${s.itemName} ${s.itemNameEn} ${s.teamName ?? ''}`}
      statuses={{ options: [0, 1, 2, 3].map((v) => ({ value: v, label: t(`status.${v}`) })), of: (s) => s.status }}
      placeholder={t('centre.searchPlaceholder')}
      empty={t('centre.noSignups')}
      columns={[
        { title: t('common.competition'), dataIndex: 'competitionName', render: (v: string, s) => <Link to={`/home/competition/details?id=${s.competitionId}`}>{localName(v, s.competitionNameEn)}</Link> },
        { title: t(labels.signUpItem, { ns: 'translation' }), dataIndex: 'itemName', width: 140, render: (v: string, s) => localName(v, s.itemNameEn) },
        { title: t('centre.type'), width: 150, render: (_, s) => (s.teamName ? `${t(`type.${s.type}`)} · ${s.teamName}` : t(`type.${s.type}`)) },
        { title: t('common.status'), dataIndex: 'status', width: 90, render: (_, s) => <SignupStatusTag status={s.status} /> },
        { title: t('common.payStatus'), dataIndex: 'payStatus', width: 90, render: (_, s) => <PayStatusTag payStatus={s.payStatus} /> },
        dateColumn(t('centre.signedAt'), 'createdAt', lang, 'minute'),
        {
          key: ACTIONS_KEY,
          title: t('common.actions'),
          width: 230,
          render: (_, s) => (
            <Space size="middle" wrap>
              <Link to={`/home/competition/team/details?id=${s.id}`}>{t('centre.detail')}</Link>
              <WorkAction s={s} work={data.data?.works.find((w) => w.signupId === s.id)} />
              {(s.status === SignupStatus.pending || s.status === SignupStatus.approved) &&
                me !== undefined &&
                (s.captainUserId === me ? (
                  <PayButton s={s} onChanged={data.reload} />
                ) : (
                  owesFee(s) && <Typography.Text type="secondary">{t('payment.captainPays')}</Typography.Text>
                ))}
              {s.captainUserId === me && <ReceiptButton s={s} />}
            </Space>
          ),
        },
      ]}
    />
  );
}
