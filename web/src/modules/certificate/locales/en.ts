import type { Catalogue } from '@/app/i18n/types';
import type { CertificateMessages } from './zh-CN';

const en: Catalogue<CertificateMessages> = {
  trace: {
    title: 'Certificate check',
    intro: 'Scanning the QR code on a certificate opens this page; you can also enter the check code from its link.',
    tokenLabel: 'Check code',
    tokenPlaceholder: 'The characters after token= in the QR code link',
    check: 'Check',
    valid: 'Valid certificate',
    validHint: 'This certificate was issued by the organisation below and matches its records.',
    revoked: 'Certificate revoked',
    revokedHint: 'The issuing organisation revoked this certificate on {{at}}: {{reason}}',
    unknown: 'No such certificate',
    holder: 'Holder',
    competition: 'Competition',
    item: 'Event',
    award: 'Award',
    number: 'Certificate number',
    issuer: 'Issued by',
    issuedAt: 'Issued',
    masked: '(part of the name is hidden for privacy)',
  },
  mine: {
    issuedBy: 'Issued by {{issuer}}',
    title: 'My certificates',
    empty: 'No certificates yet: they appear here once the organiser sends them',
    competition: 'Competition',
    award: 'Award',
    number: 'Number',
    issuer: 'Issued by',
    issuedAt: 'Issued',
    status: 'Status',
    valid: 'Valid',
    revoked: 'Revoked',
    actions: 'Actions',
    download: 'Download PDF',
    preview: 'Preview',
    check: 'Check',
    previewTitle: 'Certificate preview',
  },
};

export default en;
