import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Envelope, type ImportCheckReply, type ImportRowError } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import './page.css';

/** A spreadsheet template's column, as the contracts describe it. */
export interface SheetColumnLabel {
  key: string;
  zh: string;
  en: string;
  required?: boolean;
}

/**
 * Check an .xlsx against a template, show the rows in error, then import all rows or none. The texts come from
 * the `import.*` keys of the namespace `ns`; `check` and `importAll` are the screen's two upload calls.
 */
export function SheetImportModal({
  ns,
  columns: templateColumns,
  check: checkFile,
  importAll,
  open,
  onClose,
  onImported,
}: {
  ns: string;
  columns: readonly SheetColumnLabel[];
  /** A dry run that lists the rows in error; without it, importing reports them (all rows or none). */
  check?: (file: Blob) => Promise<Envelope<ImportCheckReply>>;
  importAll: (file: Blob) => Promise<Envelope<{ count: number } | ImportCheckReply>>;
  open: boolean;
  onClose: () => void;
  onImported: (reply?: unknown) => void;
}) {
  const { t, i18n } = useTranslation(ns);
  const en = normaliseLang(i18n.language) === 'en';
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportCheckReply | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  const columnLabel = (field: string) => {
    const col = templateColumns.find((c) => c.key === field);
    return col ? (en ? col.en : col.zh) : field;
  };
  const columns = templateColumns.map((c) => `${en ? c.en : c.zh}${c.required ? '*' : ''}`).join(en ? ', ' : '、');

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };

  const check = async () => {
    if (!file) return toast(t('import.chooseFirst'), 'warning');
    if (!checkFile) return;
    setBusy('check');
    try {
      setReport((await checkFile(file)).data);
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!file) return toast(t('import.chooseFirst'), 'warning');
    setBusy('import');
    try {
      const res = await importAll(file);
      if (res.code === ErrorCode.IMPORT_FAILED) {
        // 'import failed!' was shown by the client; the rows say why.
        setReport(res.data as ImportCheckReply);
        return;
      }
      toast(t('import.done', { count: (res.data as { count: number }).count }), 'success');
      // The reply may carry more than the count (the experts import hands back new accounts' passwords).
      onImported(res.data);
      close();
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      title={t('import.title')}
      wrapClassName="sheet-import"
      open={open}
      onCancel={close}
      width={720}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={close}>{t('common.close')}</Button>
          {checkFile && (
            <GuardedButton onClick={() => void check()} loading={busy === 'check'} disabled={!file || busy !== null}>
              {t('import.check')}
            </GuardedButton>
          )}
          <GuardedButton type="primary" onClick={() => void run()} loading={busy === 'import'} disabled={!file || busy !== null}>
            {t('import.run')}
          </GuardedButton>
        </Space>
      }
    >
      <Alert type="info" showIcon message={t('import.hint', { columns })} style={{ marginBottom: 12 }} />
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxCount={1}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        beforeUpload={(f) => {
          setFile(f);
          setReport(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setReport(null);
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('import.drag')}</p>
      </Upload.Dragger>
      {report && (
        <div className="import-summary">
          <Alert
            type={report.errors.length ? 'warning' : 'success'}
            showIcon
            message={t('import.summary', { total: report.total, valid: report.valid, errors: report.errors.length })}
            description={report.errors.length ? undefined : t('import.noErrors')}
          />
          {report.errors.length > 0 && (
            <Table<ImportRowError>
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(r) => `${r.rowNumber}-${r.field}-${r.message}`}
              dataSource={report.errors}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={[
                { title: t('import.rowNumber'), dataIndex: 'rowNumber', width: 80 },
                { title: t('import.field'), dataIndex: 'field', width: 200, render: (f: string) => columnLabel(f) },
                { title: t('import.message'), dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}

/** A spreadsheet template as a list screen offers it: its texts (`import.*` of `ns`), columns and calls. */
export interface SheetTemplate {
  ns: string;
  columns: readonly SheetColumnLabel[];
  /** Saves the template under the file name it is given. */
  download: (fileName: string) => Promise<unknown>;
  check?: (file: Blob) => Promise<Envelope<ImportCheckReply>>;
  importAll: (file: Blob) => Promise<Envelope<{ count: number } | ImportCheckReply>>;
}

/** A list header's template download and import buttons, each shown when allowed, and the import dialog they open. */
export function SheetImportButtons({
  template: { ns, columns, download, check, importAll },
  canDownload,
  canImport,
  onImported,
}: {
  template: SheetTemplate;
  canDownload: boolean;
  canImport: boolean;
  onImported: (reply?: unknown) => void;
}) {
  const { t } = useTranslation(ns);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await download(t('import.title') + '.xlsx');
    } catch {
      /* toasted */
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      {canDownload && (
        <GuardedButton icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()}>
          {t('import.templateDownload')}
        </GuardedButton>
      )}
      {canImport && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('import.button')}
        </Button>
      )}
      <SheetImportModal ns={ns} columns={columns} check={check} importAll={importAll} open={importing} onClose={() => setImporting(false)} onImported={onImported} />
    </>
  );
}
