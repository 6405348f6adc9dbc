import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { useLocalName } from '@/app/i18n/hooks';
import { useAsync } from '@/app/hooks/useAsync';
import { certificateApi } from '@/app/api/certificate.api';
import '../locales';

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** /certificate/trace (public): what a certificate's QR code proves, or that it was revoked or is unknown. */
export default function TracePage() {
  const { t, i18n } = useTranslation('certificate');
  const lang = normaliseLang(i18n.language);
  const localName = useLocalName();
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const [typed, setTyped] = useState(token);
  const trace = useAsync((signal) => certificateApi.trace(token, signal), [token], TOKEN.test(token));
  const unknown = trace.error !== null || (token !== '' && !TOKEN.test(token));
  const r = trace.data;

  return (
    <Card title={t('trace.title')} style={{ maxWidth: 720, margin: '24px auto' }} data-testid="certificate-trace">
      <p style={{ color: '#8c8c8c', marginTop: 0 }}>{t('trace.intro')}</p>
      <Space.Compact style={{ width: '100%', marginBottom: 24 }}>
        <Input
          aria-label={t('trace.tokenLabel')}
          placeholder={t('trace.tokenPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value.trim())}
          onPressEnter={() => setParams({ token: typed })}
        />
        <Button type="primary" onClick={() => setParams({ token: typed })} disabled={!typed}>
          {t('trace.check')}
        </Button>
      </Space.Compact>
      {trace.loading && token && <Spin />}
      {!trace.loading && unknown && <Result status="warning" title={t('trace.unknown')} subTitle={trace.error ?? undefined} data-testid="trace-unknown" />}
      {!trace.loading && r && !unknown && (
        <>
          {r.status === 'valid' ? (
            <Alert type="success" showIcon message={t('trace.valid')} description={t('trace.validHint')} style={{ marginBottom: 16 }} />
          ) : (
            <Alert
              type="error"
              showIcon
              message={t('trace.revoked')}
              description={t('trace.revokedHint', { at: formatDateTime(r.revokedAt, lang, 'minute'), reason: r.revokedReason ?? '' })}
              style={{ marginBottom: 16 }}
            />
          )}
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label={t('trace.holder')}>
              {r.holderName} <span style={{ color: '#8c8c8c', fontSize: 12 }}>{t('trace.masked')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('trace.competition')}>{localName(r.competitionName, r.competitionNameEn) || '—'}</Descriptions.Item>
            {r.itemName && <Descriptions.Item label={t('trace.item')}>{localName(r.itemName, r.itemNameEn)}</Descriptions.Item>}
            <Descriptions.Item label={t('trace.award')}>{r.awardName}</Descriptions.Item>
            <Descriptions.Item label={t('trace.number')}>
              <Space>
                {r.number}
                <Tag color={r.status === 'valid' ? 'green' : 'red'}>{r.status === 'valid' ? t('mine.valid') : t('mine.revoked')}</Tag>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('trace.issuer')}>{r.issuerName}</Descriptions.Item>
            <Descriptions.Item label={t('trace.issuedAt')}>{formatDateTime(r.issuedAt, lang, 'day')}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}
