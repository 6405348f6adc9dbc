import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Spin, Typography } from 'antd';
import { EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/app/i18n/hooks';
import { Link, useSearchParams } from 'react-router-dom';
import { WorkStatus, type Work } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { useAsync } from '@/app/hooks/useAsync';
import { workApi } from '../api/enroll.api';
import { WorkFiles } from '../components/WorkFiles';
import { copyText, useLoginRedirect, WorkStatusTag } from '../components/shared';
import '../components/enroll.css';
import { WorkVote } from '@/app/review/results/PublicResults';

const labels = currentHostLabelKeys();

/** How the work is reached: a member by id, anyone with its share id, anyone once the works are published. */
type Access = { kind: 'member'; id: number } | { kind: 'share'; shareId: string } | { kind: 'public'; id: number };

function WorkView({ access }: { access: Access }) {
  const { t, i18n } = useTranslation('enroll');
  const localName = useLocalName();
  const lang = normaliseLang(i18n.language);
  const work = useAsync(
    (signal): Promise<Work> =>
      access.kind === 'member' ? workApi.detail(access.id, signal) : access.kind === 'share' ? workApi.byShareId(access.shareId, signal) : workApi.published(access.id, signal),
    [JSON.stringify(access)],
  );
  if (work.error || (!work.loading && !work.data)) return <Result status="404" title={t('work.notFound')} subTitle={work.error} />;
  const w = work.data;
  if (!w) return <Skeleton active />;
  const shareLink = `${window.location.origin}/home/work/workDetail?shareId=${encodeURIComponent(w.shareId)}`;
  const member = access.kind === 'member';
  return (
    <Card
      data-testid="work-detail"
      title={
        <Space wrap>
          {w.title || t('work.detail')}
          <WorkStatusTag status={w.status} />
        </Space>
      }
      extra={
        member && (
          <Space wrap>
            <Button icon={<ShareAltOutlined />} onClick={() => void copyText(shareLink, t('work.shareCopied'), t('team.copyFailed'))}>
              {t('work.shareLink')}
            </Button>
            <Link to={`/home/competition/submitWork?signupId=${w.signupId}`}>
              <Button type="primary" icon={<EditOutlined />}>
                {w.status === WorkStatus.draft ? t(labels.workSubmit, { ns: 'translation' }) : t('work.edit')}
              </Button>
            </Link>
          </Space>
        )
      }
    >
      {access.kind === 'share' && <Alert type="info" showIcon message={t('work.sharedView')} style={{ marginBottom: 16 }} />}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('common.competition')}>
          <Link to={`/home/competition/details?id=${w.competitionId}`}>{localName(w.competitionName, w.competitionNameEn)}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t(labels.signUpItem, { ns: 'translation' })}>{localName(w.itemName, w.itemNameEn)}</Descriptions.Item>
        {w.teamName && <Descriptions.Item label={t('common.team')}>{w.teamName}</Descriptions.Item>}
        <Descriptions.Item label={w.submittedAt ? t('work.submittedAt') : t('work.updatedAt')}>{formatDateTime(w.submittedAt ?? w.updatedAt, lang, 'minute')}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('work.summary')}</Typography.Title>
      <Typography.Paragraph className="enroll-summary" type={w.summary ? undefined : 'secondary'}>
        {w.summary || t('work.noSummary')}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('work.files')}</Typography.Title>
      <WorkFiles work={w} shareId={access.kind === 'share' ? access.shareId : undefined} />
    </Card>
  );
}

function MemberWork({ id }: { id: number }) {
  const { t } = useTranslation('enroll');
  const loggedIn = useLoginRedirect();
  if (!loggedIn) return <Result icon={<Spin />} title={t('signUp.loginFirst')} />;
  return <WorkView access={{ kind: 'member', id }} />;
}

/** /home/work/workDetail?id= (a member) or ?shareId= (a share link, read only). */
export default function WorkDetailPage() {
  const { t } = useTranslation('enroll');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const shareId = params.get('shareId')?.trim();
  return (
    <div className="enroll-page">
      {shareId ? <WorkView access={{ kind: 'share', shareId }} /> : id > 0 ? <MemberWork id={id} /> : <Result status="404" title={t('work.notFound')} />}
    </div>
  );
}

/** /works/detail?id=: a work the organiser published, open to everyone. */
export function PublishedWorkPage() {
  const { t } = useTranslation('enroll');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!(id > 0)) return <div className="enroll-page"><Result status="404" title={t('work.notFound')} /></div>;
  return (
    <div className="enroll-page">
      <WorkVote workId={id} />
      <WorkView access={{ kind: 'public', id }} />
    </div>
  );
}
