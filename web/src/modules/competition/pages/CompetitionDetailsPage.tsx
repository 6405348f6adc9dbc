import { Suspense } from 'react';
import { Button, Card, Col, Descriptions, Result, Row, Space, Spin, Table, Tabs, Tooltip } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localName } from '@/app/i18n/hooks';
import { useNavigate } from 'react-router-dom';
import { SignupType, type CompetitionItem } from '@cmp/contracts';
import { competitionLists } from '@/app/router/embedded-lists';
import { formatDateTime, formatMoney } from '@/app/i18n/format';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { competitionApi } from '@/app/api/competition.api';
import { ScheduleTimeline } from '../components/ScheduleTimeline';
import { SettingsMenu } from '../components/SettingsMenu';
import {
  formatWindow,
  HtmlView,
  NS,
  PhaseTag,
  StatusTag,
  useCanEdit,
  useCompetitionId,
  useEventLabel,
  useLang,
  useLevelOptions,
} from '../components/shared';
import { CompetitionNewsTab } from '../components/CompetitionNewsTab';
import { RankingTab, VotesBoardTab } from '@/app/review/results/PublicResults';
import { allowedActions } from '../hooks/rules';
import { useCompetitionActions } from '../hooks/useCompetitionActions';
import { useMissingForPublish } from '../hooks/useMissingForPublish';

/** Sign-ups and works are enroll-admin's lists, fixed to this competition (loaded when their tab opens). */
function CompetitionList({ list, competitionId, type }: { list: keyof typeof competitionLists; competitionId: number; type?: SignupType }) {
  const List = competitionLists[list];
  return (
    <Suspense fallback={<Spin className="page-spin" />}>
      <List competitionId={competitionId} type={type} />
    </Suspense>
  );
}

/** A competition's details (?id=): header with status and actions, then its tabs. */
export default function CompetitionDetailsPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const navigate = useNavigate();
  const id = useCompetitionId();
  const canEdit = useCanEdit();
  const event = useEventLabel();
  const levels = useLevelOptions();
  const actions = useCompetitionActions();
  const missingFor = useMissingForPublish();
  const detail = useAsync((signal) => competitionApi.detail(id!, signal), [id], !!id);

  if (!id) return <Result status="404" title={t('missingId')} />;
  if (detail.error) {
    return (
      <div className="competition-page">
        <LoadError error={detail.error} onRetry={detail.reload} />
      </div>
    );
  }
  const c = detail.data;
  if (!c) return <Spin className="page-spin" />;
  const can = allowedActions(c.status);
  // Publishing is refused (here and by the server) while something it needs is unset: the tooltip lists it.
  const missing = missingFor(c);

  const itemColumns = [
    { title: t('item.name'), dataIndex: 'name', width: 180 },
    { title: t('item.nameEn'), dataIndex: 'nameEn', width: 200, render: (v: string) => v || '-' },
    { title: t('item.quota'), dataIndex: 'quota', width: 100, render: (v: number | null) => v ?? t('item.unlimited') },
    { title: t('item.fee'), dataIndex: 'feeFen', width: 120, render: (v: number) => (v ? formatMoney(v) : t('item.free')) },
    {
      title: t('workSub.fileTypes'),
      key: 'files',
      width: 240,
      render: (_: unknown, i: CompetitionItem) => {
        const s = c.workSubmit.items.find((w) => w.itemId === i.id);
        return s ? `${s.fileTypes.join(', ')} · ≤${s.maxFileMb} MB × ${s.maxFiles}` : '-';
      },
    },
  ];

  const info = (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={15}>
        <Descriptions column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small" bordered>
          <Descriptions.Item label={t('name')} span={2}>
            {c.name}
          </Descriptions.Item>
          <Descriptions.Item label={t('nameEn')} span={2}>
            {c.nameEn || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('level')}>{levels.find((l) => l.value === c.level)?.label ?? (c.level || '-')}</Descriptions.Item>
          <Descriptions.Item label={t('year')}>{c.year}</Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <StatusTag status={c.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('phase')}>
            <PhaseTag competition={c} />
          </Descriptions.Item>
          <Descriptions.Item label={t('enroll.mode')}>{t(`enroll.modes.${c.enroll.mode}`)}</Descriptions.Item>
          <Descriptions.Item label={t('details.teamSize')}>{t('details.teamSizeValue', { min: c.enroll.teamMin, max: c.enroll.teamMax })}</Descriptions.Item>
          <Descriptions.Item label={t('enrollWindow')} span={2}>
            {formatWindow(c.enroll.startAt, c.enroll.endAt, lang) ?? t('notSet')}
          </Descriptions.Item>
          <Descriptions.Item label={t('workSub.window')} span={2}>
            {formatWindow(c.workSubmit.startAt, c.workSubmit.endAt, lang) ?? t('notSet')}
          </Descriptions.Item>
          <Descriptions.Item label={t('createdAt')}>{formatDateTime(c.createdAt, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('publishedAt')}>{formatDateTime(c.publishedAt, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('summary')} span={2}>
            {c.summary || '-'}
          </Descriptions.Item>
        </Descriptions>
        <h3 className="details-section">{t('intro')}</h3>
        <HtmlView html={c.intro} empty={t('details.noIntro')} />
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('details.schedule')}>
          <ScheduleTimeline competitionId={c.id} version={c.updatedAt} />
        </Card>
      </Col>
    </Row>
  );

  return (
    <div className="competition-page">
      <div className="competition-page__header">
        <h2 className="competition-page__title">
          {localName(c.name, c.nameEn, lang)}
          <StatusTag status={c.status} />
          <PhaseTag competition={c} />
        </h2>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/competition/list')}>
            {t('action.backToList')}
          </Button>
          {canEdit && can.edit && (
            <Button icon={<EditOutlined />} onClick={() => navigate(`/competition/addEdit?id=${c.id}`)}>
              {t('action.edit')}
            </Button>
          )}
          {canEdit && can.settings && <SettingsMenu id={c.id} />}
          {canEdit && can.publish && (
            <Tooltip title={missing.length ? t('wizard.missing', { missing: missing.join(t('listSeparator')) }) : undefined}>
              <Button type="primary" disabled={missing.length > 0} data-testid="details-publish" onClick={() => void actions.publish(c).then((ok) => ok && detail.reload())}>
                {t('action.publish')}
              </Button>
            </Tooltip>
          )}
          {canEdit && can.archive && <Button onClick={() => void actions.archive(c).then((ok) => ok && detail.reload())}>{t('action.archive')}</Button>}
          {canEdit && <Button onClick={() => void actions.copy(c).then((ok) => ok && navigate('/competition/list'))}>{t('action.copy')}</Button>}
          {canEdit && (
            <Tooltip title={can.remove ? undefined : t('action.deleteDraftOnly')}>
              <Button danger disabled={!can.remove} onClick={() => void actions.remove(c).then((ok) => ok && navigate('/competition/list'))}>
                {t('action.delete')}
              </Button>
            </Tooltip>
          )}
        </Space>
      </div>
      <Tabs
        destroyOnHidden
        defaultActiveKey="info"
        items={[
          { key: 'info', label: t('details.tabs.info'), children: info },
          { key: 'guide', label: t('details.tabs.guide'), children: <HtmlView html={c.guide} empty={t('details.noGuide')} /> },
          {
            key: 'item',
            label: event.label,
            children: <Table rowKey="id" size="middle" pagination={false} columns={itemColumns} dataSource={c.items} scroll={{ x: 840 }} />,
          },
          { key: 'news', label: t('details.tabs.news'), children: <CompetitionNewsTab competitionId={c.id} /> },
          { key: 'player', label: t('details.tabs.player'), children: <CompetitionList list="signups" competitionId={c.id} type={SignupType.individual} /> },
          { key: 'team', label: t('details.tabs.team'), children: <CompetitionList list="signups" competitionId={c.id} type={SignupType.team} /> },
          { key: 'work', label: t('details.tabs.work'), children: <CompetitionList list="works" competitionId={c.id} /> },
          { key: 'rank', label: t('details.tabs.rank'), children: <RankingTab competitionId={c.id} /> },
          { key: 'vote', label: t('details.tabs.vote'), children: <VotesBoardTab competitionId={c.id} /> },
        ]}
      />
    </div>
  );
}
