import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAsync } from '@/app/hooks/useAsync';
import { useLocalName } from '@/app/i18n/hooks';
import { authApi } from '../api/auth.api';

/** The invitation code in the page the login will return to (`?redirect=/home/competition/team/details?inviteCode=…`). */
export function inviteCodeOf(redirect: string | null): string | null {
  if (!redirect) return null;
  const url = new URL(redirect, 'http://x');
  return url.pathname === '/home/competition/team/details' ? url.searchParams.get('inviteCode') : null;
}

/** `?redirect=` of this page, to hand on to the next auth page so the person still returns where they were going. */
export function useRedirectQuery(): string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
}

/** Tells a logged-out invitee which team invited them, and that they come back to the invitation after login. */
export function InvitationNotice() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const [params] = useSearchParams();
  const code = inviteCodeOf(params.get('redirect'));
  const invitation = useAsync((signal) => authApi.invitation(code!, signal), [code], !!code);
  const i = invitation.data;
  if (!i) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="invitation-notice"
      style={{ marginBottom: 16 }}
      message={t('auth.invitation', { team: i.teamName ?? '', captain: i.captainName, competition: localName(i.competitionName, i.competitionNameEn), item: localName(i.itemName, i.itemNameEn) })}
      description={t('auth.invitationHint')}
    />
  );
}
