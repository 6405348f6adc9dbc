import { Alert, Button, Modal, QRCode } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExpertCredential } from '@cmp/contracts';
import { formatDateTime } from '@/app/i18n/format';
import { normaliseLang } from '@/app/i18n';
import './experts.css';

/** Where the slip's QR code leads: this site's login page (the expert scans it on a phone or tablet). */
export const loginPageUrl = () => `${window.location.origin}/neibu/login`;

/**
 * Printable login slips: account, one-time password and a QR code of the login page, one per expert. The
 * passwords exist only in this dialog; closing it loses them (only their hashes are kept).
 */
export function LoginSlips({ credentials, expiresAt, onClose }: { credentials: ExpertCredential[]; expiresAt?: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('experts');
  const lang = normaliseLang(i18n.language);
  const url = loginPageUrl();
  return (
    <Modal
      title={t('slips.title')}
      open={credentials.length > 0}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      maskClosable={false}
      wrapClassName="login-slips-modal"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('slips.print')}
        </Button>,
      ]}
    >
      <Alert className="no-print" type="warning" showIcon message={t('slips.hint')} style={{ marginBottom: 12 }} />
      <div className="login-slips">
        {credentials.map((c) => (
          <div className="login-slip" key={c.expertId} data-username={c.username}>
            <div className="login-slip-text">
              <div className="login-slip-heading">{t('slips.heading')}</div>
              <div className="login-slip-name">{c.name}</div>
              <div>
                {t('slips.account')}: <code className="slip-username">{c.username}</code>
              </div>
              <div>
                {t('slips.password')}: <code className="slip-password">{c.password}</code>
              </div>
              <div className="login-slip-until">{t('slips.firstLogin')}</div>
              {expiresAt && <div className="login-slip-until">{t('slips.validUntil', { time: formatDateTime(expiresAt, lang, 'minute') })}</div>}
            </div>
            <div className="login-slip-qr">
              <QRCode value={url} size={96} bordered={false} />
              <div className="login-slip-scan">{t('slips.loginAt')}</div>
            </div>
          </div>
        ))}
      </div>
    </Modal>
  );
}
