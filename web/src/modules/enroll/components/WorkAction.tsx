import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SignupStatus, WorkStatus, type Signup, type Work } from '@cmp/contracts';
import { currentHostLabelKeys } from '@/app/config/site';

const labels = currentHostLabelKeys();

/**
 * The work action a sign-up allows now: submit (or edit) while it is open and its work not submitted, view
 * once submitted, none once the sign-up is closed; what is gone says why in its tooltip.
 */
export function WorkAction({ s, work, button = false }: { s: Pick<Signup, 'id' | 'status'>; work: Work | undefined; button?: boolean }) {
  const { t } = useTranslation('enroll');
  const open = s.status === SignupStatus.pending || s.status === SignupStatus.approved;
  if (!open) {
    return (
      <Tooltip title={t('centre.workClosedHint', { status: t(`status.${s.status}`) })}>
        <Typography.Text type="secondary" data-testid="work-action-gone">
          {t('centre.workClosed')}
        </Typography.Text>
      </Tooltip>
    );
  }
  const submitted = work?.status === WorkStatus.submitted;
  const to = submitted ? `/home/work/workDetail?id=${work.id}` : `/home/competition/submitWork?signupId=${s.id}`;
  const label = submitted ? t('team.viewWork') : t(labels.workSubmit, { ns: 'translation' });
  return (
    <Tooltip title={submitted ? t('team.workSubmittedHint') : undefined}>
      <Link to={to} data-testid="work-action">
        {button ? <Button type="primary">{label}</Button> : label}
      </Link>
    </Tooltip>
  );
}
