import { BACK_NO_PAGE_PATH, HOME_PATH, RELOAD_DELAY_MS } from '../config/constants';
import { confirmDialog, toast } from '../feedback/feedback';
import i18n from '../i18n';
import { navigateTo } from '../navigation';
import { sessionActions, sessionStore } from '../session/session';
import { configureHttp } from './client';

let askingToRelogin = false;

/** Wires the HTTP client to the session, dialogs and router (spec section 8). */
export function setupHttp(): void {
  configureHttp({
    getToken: () => sessionStore.get().token,
    toastError: (message) => toast(message, 'error'),
    onNoAccess: (message) => navigateTo(BACK_NO_PAGE_PATH, { state: { message } }),
    onExpired: (message) => {
      sessionActions.resetToken();
      if (askingToRelogin) return;
      askingToRelogin = true;
      void confirmDialog(message, { title: i18n.t('http.expiredTitle'), okText: i18n.t('http.relogin') }).then(() => {
        askingToRelogin = false;
        navigateTo(HOME_PATH, { replace: true });
        setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      });
    },
  });
}
