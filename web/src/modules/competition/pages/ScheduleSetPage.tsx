import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScheduleTimeline } from '../components/ScheduleTimeline';
import { SettingsFrame } from '../components/SettingsFrame';
import { NS } from '../components/shared';
import { StagesEditor } from '../components/StagesEditor';

/** Stages of the competition, with the timeline they make together with the sign-up and submission windows. */
export default function ScheduleSetPage() {
  const { t } = useTranslation(NS);
  return (
    <SettingsFrame active="schedule">
      {({ detail, editable, setDetail }) => (
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={16}>
            <StagesEditor detail={detail} editable={editable} onChange={setDetail} />
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title={t('details.schedule')}>
              <ScheduleTimeline competitionId={detail.id} version={detail.updatedAt + detail.stages.length} />
            </Card>
          </Col>
        </Row>
      )}
    </SettingsFrame>
  );
}
