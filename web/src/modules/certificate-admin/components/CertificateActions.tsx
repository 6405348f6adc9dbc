import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedCertificate, Recipient } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { promptDialog, toast } from '@/app/feedback/feedback';
import { certAdminApi } from '../api/certificate-admin.api';
import { LinkButton, NS, useCanRevoke } from './shared';
import { RecipientFields, toRecipient, type RecipientForm } from './RecipientFields';

/** Preview (PNG), PDF download, revoke with a reason, reissue with corrected fields: one certificate's actions. */
export function CertificateActions({ cert, onChanged }: { cert: IssuedCertificate; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const canRevoke = useCanRevoke();
  const [previewing, setPreviewing] = useState(false);
  const [reissuing, setReissuing] = useState(false);
  const label = cert.number ?? cert.holderName;

  const revoke = async () => {
    const r = await promptDialog(t('cert.revokePrompt', { number: label, holder: cert.holderName }), {
      title: t('cert.revoke'),
      okText: t('cert.revoke'),
      danger: true,
      validator: (v) => v.trim().length > 0 && v.length <= 200,
      errorMessage: t('cert.reasonRequired'),
    });
    if (r.result !== 'confirm' || !r.value) return;
    try {
      await certAdminApi.revoke(cert.id, r.value.trim());
    } catch {
      return; // toasted
    }
    toast(t('cert.revoked'), 'success');
    onChanged();
  };

  return (
    <Space size={0} wrap>
      {cert.pngUrl && <LinkButton onClick={() => setPreviewing(true)} testId="ca-cert-preview">{t('cert.preview')}</LinkButton>}
      {cert.pdfUrl && <LinkButton onClick={() => void certAdminApi.pdf(cert).catch(() => undefined)}>{t('cert.pdf')}</LinkButton>}
      {canRevoke && cert.number && cert.status !== 'revoked' && (
        <LinkButton danger onClick={() => void revoke()} testId="ca-cert-revoke">
          {t('cert.revoke')}
        </LinkButton>
      )}
      {canRevoke && cert.status === 'revoked' && !cert.replacedBy && (
        <LinkButton onClick={() => setReissuing(true)} testId="ca-cert-reissue">
          {t('cert.reissue')}
        </LinkButton>
      )}
      {previewing && <PngModal cert={cert} onClose={() => setPreviewing(false)} />}
      {reissuing && (
        <ReissueModal
          cert={cert}
          onClose={() => setReissuing(false)}
          onDone={() => {
            setReissuing(false);
            onChanged();
          }}
        />
      )}
    </Space>
  );
}

/** The rendered PNG, fetched with the login (an <img src> alone cannot send it). */
function PngModal({ cert, onClose }: { cert: IssuedCertificate; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let alive = true;
    certAdminApi
      .pngUrl(cert)
      .then((u) => {
        made = u;
        if (alive) setUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch(onClose);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [cert, onClose]);
  return (
    <Modal open title={t('cert.previewTitle', { number: cert.number ?? cert.holderName })} onCancel={onClose} footer={null} width={900} centered>
      {url ? <img className="ca-png" src={url} alt={cert.number ?? ''} data-testid="ca-png" /> : <Spin style={{ display: 'block', margin: '80px auto' }} />}
    </Modal>
  );
}

function ReissueModal({ cert, onClose, onDone }: { cert: IssuedCertificate; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<RecipientForm>();
  const [saving, setSaving] = useState(false);
  const initial: RecipientForm = { holderName: cert.holderName, username: cert.username ?? '', awardName: cert.awardName, ...cert.values };
  const submit = async () => {
    const values = await form.validateFields();
    const r: Recipient = toRecipient(values);
    setSaving(true);
    try {
      await certAdminApi.reissue(cert.id, r);
      toast(t('cert.reissued'), 'success');
      onDone();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('cert.reissueTitle', { number: cert.number ?? cert.holderName })}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <GuardedButton type="primary" loading={saving} onClick={() => void submit()} data-testid="ca-reissue-ok">
          {t('cert.reissue')}
        </GuardedButton>
      }
    >
      <Alert type="info" showIcon message={t('cert.reissueHint')} className="ca-hint" />
      <Form form={form} layout="vertical" initialValues={initial}>
        <RecipientFields />
      </Form>
    </Modal>
  );
}
