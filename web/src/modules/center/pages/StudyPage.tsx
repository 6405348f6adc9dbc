import { useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import type { TimelineItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '@/app/i18n/hooks';
import { Link } from 'react-router-dom';
import { MAX_PAGE_SIZE, SignupStatus, SignupType, WorkStatus, type Signup } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { certificateApi } from '@/app/api/certificate.api';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { centreApi } from '../api/centre.api';
import { buildStudyRecords, type StudyKind, type StudyRecord } from '../study';
import '../locales';

const SIGNUP_STATUS: Record<Signup['status'], [key: string, color: string]> = {
  [SignupStatus.pending]: ['pending', 'gold'],
  [SignupStatus.approved]: ['approved', 'green'],
  [SignupStatus.rejected]: ['rejected', 'red'],
  [SignupStatus.withdrawn]: ['withdrawn', 'default'],
};
const DOT: Record<StudyKind, string> = { signup: 'blue', work: 'purple', certificate: 'green' };

/** The three sources, each allowed to fail alone: the records of the others still show. */
async function loadSources(signal: AbortSignal) {
  const [signups, works, certificates] = await Promise.allSettled([
    centreApi.mySignups(signal),
    centreApi.myWorks(signal),
    certificateApi.myPage({ pageNum: 1, pageSize: MAX_PAGE_SIZE }, signal),
  ]);
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  return {
    records: buildStudyRecords(
      signups.status === 'fulfilled' ? signups.value : [],
      works.status === 'fulfilled' ? works.value : [],
      certificates.status === 'fulfilled' ? certificates.value.list : [],
    ),
    failed: (
      [
        ['signups', signups],
        ['works', works],
        ['certificates', certificates],
      ] as const
    )
      .filter(([, r]) => r.status === 'rejected')
      .map(([k]) => k),
  };
}

function useRecordView() {
  const { t } = useTranslation('centre');
  const host = currentHostLabelKeys();
  const localName = useLocalName();
  return (r: StudyRecord): { title: string; tag: [string, string]; lines: string[]; link?: [string, string] } => {
    switch (r.kind) {
      case 'signup': {
        const s = r.signup;
        const [status, color] = SIGNUP_STATUS[s.status];
        return {
          title: t('study.signedUp', { competition: localName(s.competitionName, s.competitionNameEn) }),
          tag: [t(`study.status.${status}`), color],
          lines: [
            t('study.item', { label: t(host.signUpItem), item: localName(s.itemName, s.itemNameEn) }),
            s.type === SignupType.team ? t('study.team', { team: s.teamName ?? '-' }) : t('study.individual'),
            ...(s.status === SignupStatus.rejected && s.rejectReason ? [t('study.rejectReason', { reason: s.rejectReason })] : []),
          ],
          link: [`/home/competition/details?id=${s.competitionId}`, t('study.viewCompetition')],
        };
      }
      case 'work': {
        const w = r.work;
        const submitted = w.status === WorkStatus.submitted;
        return {
          title: t('study.workLine', { action: t(host.workSubmit), title: w.title }),
          tag: submitted ? [t('study.status.submitted'), 'purple'] : [t('study.status.draft'), 'default'],
          lines: [t('study.workOf', { competition: localName(w.competitionName, w.competitionNameEn), item: localName(w.itemName, w.itemNameEn) }), t('study.files', { count: w.files.length })],
        };
      }
      case 'certificate': {
        const c = r.certificate;
        return {
          title: t('study.certificate', { award: c.awardName }),
          tag: c.revoked ? [t('study.status.revoked'), 'red'] : [t('study.status.valid'), 'green'],
          lines: [`${localName(c.competitionName, c.competitionNameEn)}${c.itemName ? ` · ${localName(c.itemName, c.itemNameEn)}` : ''}`, t('study.certificateNumber', { number: c.number }), t('study.issuer', { issuer: c.issuerName })],
          link: ['/center/reward', t('study.viewCertificates')],
        };
      }
    }
  };
}

/**
 * /center/study: study records built from real data (there is no course backend): the person's sign-ups,
 * works and certificates on one timeline, newest first, filterable by kind.
 */
export default function StudyPage() {
  const { t, i18n } = useTranslation('centre');
  const lang = normaliseLang(i18n.language);
  const data = useAsync(loadSources, []);
  const [kind, setKind] = useState<StudyKind | 'all'>('all');
  const view = useRecordView();
  const records = data.data?.records ?? [];
  const shown = kind === 'all' ? records : records.filter((r) => r.kind === kind);
  const count = (k: StudyKind) => records.filter((r) => r.kind === k).length;

  const items: TimelineItemProps[] = shown.map((r) => {
        const v = view(r);
        return {
          key: r.key,
          color: DOT[r.kind],
          children: (
            <div className="study-record" data-testid={`study-${r.key}`}>
              <Space wrap size={8}>
                <Typography.Text strong>{v.title}</Typography.Text>
                <Tag color={v.tag[1]}>{v.tag[0]}</Tag>
              </Space>
              <div>
                <Typography.Text type="secondary">{formatDateTime(r.at, lang, 'minute')}</Typography.Text>
              </div>
              {v.lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
              {v.link && <Link to={v.link[0]}>{v.link[1]}</Link>}
            </div>
          ),
        };
      });

  return (
    <Card title={t('study.title')} data-testid="study-records">
      <Typography.Paragraph type="secondary">{t('study.intro')}</Typography.Paragraph>
      <LoadError error={data.error} onRetry={data.reload} />
      {data.data && data.data.failed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('study.loadFailedPart', { parts: data.data.failed.map((k) => t(`study.${k}`)).join(lang === 'en' ? ', ' : '、') })}
          action={
            <Button size="small" onClick={data.reload}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {data.loading && !data.data ? (
        <Skeleton active />
      ) : records.length === 0 ? (
        <Empty description={t('study.empty')}>
          <Link to="/home/competition">
            <Button type="primary">{t('study.findCompetitions')}</Button>
          </Link>
        </Empty>
      ) : (
        <>
          <Segmented
            style={{ marginBottom: 20 }}
            value={kind}
            onChange={(v) => setKind(v as StudyKind | 'all')}
            options={[
              { value: 'all', label: `${t('study.all')} (${records.length})` },
              { value: 'signup', label: `${t('study.signups')} (${count('signup')})` },
              { value: 'work', label: `${t('study.works')} (${count('work')})` },
              { value: 'certificate', label: `${t('study.certificates')} (${count('certificate')})` },
            ]}
          />
          {shown.length ? <Timeline items={items} /> : <Empty description={t('study.empty')} />}
        </>
      )}
    </Card>
  );
}
