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
      // Stored token and cookies go now; the page stays as it is under the question (clearing the
      // session here would make the guard swap the page for the login screen behind the dialog).
      sessionActions.forgetStoredToken();
      if (askingToRelogin) return;
      askingToRelogin = true;
      // Confirm, cancel or close: the session ends, the homepage opens and the app reloads.
      // askingToRelogin stays set until the reload, so late 11000s ask nothing more.
      void confirmDialog(message, { title: i18n.t('http.expiredTitle'), okText: i18n.t('http.relogin') }).then(() => {
        sessionActions.resetToken();
        navigateTo(HOME_PATH, { replace: true });
        setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      });
    },
  });
}
