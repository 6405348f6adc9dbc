import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/app/i18n/hooks';
import { Link } from 'react-router-dom';
import { WorkStatus, type Work } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { normaliseLang } from '@/app/i18n';
import { dateColumn } from '@/app/components/ListParts';
import { ACTIONS_KEY } from '@/app/components/ResponsiveTable';
import { CentreList, useCentreData } from '../components/CentreList';
import { WorkStatusTag } from '../components/shared';

const labels = currentHostLabelKeys();

/** /center/work: the works of the caller's sign-ups. */
export default function MyWorksPage() {
  const { t, i18n } = useTranslation('enroll');
  const localName = useLocalName();
  const lang = normaliseLang(i18n.language);
  const data = useCentreData();
  return (
    <CentreList<Work>
      title={t('centre.works')}
      testId="my-works"
      rows={data.data?.works}
      loading={data.loading}
      error={data.error}
      reload={data.reload}
      rowKey="id"
      text={(w) => `${w.title} ${w.competitionName} ${w.competitionNameEn} ${w.teamName ?? ''}`}
      statuses={{ options: [WorkStatus.draft, WorkStatus.submitted].map((v) => ({ value: v, label: t(`workStatus.${v}`) })), of: (w) => w.status }}
      placeholder={t('centre.workSearchPlaceholder')}
      empty={t('centre.noWorks')}
      columns={[
        { title: t('centre.workTitle'), dataIndex: 'title', width: 180, render: (v: string, w) => <Link to={`/home/work/workDetail?id=${w.id}`}>{v}</Link> },
        { title: t('common.competition'), dataIndex: 'competitionName', render: (v: string, w) => localName(v, w.competitionNameEn) },
        { title: t(labels.signUpItem, { ns: 'translation' }), dataIndex: 'itemName', width: 130, render: (v: string, w) => localName(v, w.itemNameEn) },
        { title: t('common.team'), dataIndex: 'teamName', width: 130, render: (v: string | null) => v ?? '—' },
        { title: t('common.status'), width: 90, render: (_, w) => <WorkStatusTag status={w.status} /> },
        dateColumn(t('centre.submittedAt'), 'submittedAt', lang, 'minute'),
        {
          key: ACTIONS_KEY,
          title: t('common.actions'),
          width: 130,
          render: (_, w) => (
            <Space size="middle">
              <Link to={`/home/work/workDetail?id=${w.id}`}>{t('centre.detail')}</Link>
              <Link to={`/home/competition/submitWork?signupId=${w.signupId}`}>{t('centre.edit')}</Link>
            </Space>
          ),
        },
      ]}
    />
  );
}
