import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './RichTextEditor';
import '@/app/i18n/news';
import './rich-text.css';

// The editor (Tiptap and ProseMirror) loads only when someone writes rich text, never with the public site.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** A form item's rich-text control: takes value/onChange from Form.Item and hands them to the lazy editor. */
export function RichTextField(props: RichTextEditorProps) {
  const { t } = useTranslation('news');
  return (
    <Suspense
      fallback={
        <Spin tip={t('editor.loading')}>
          <div style={{ height: 320 }} />
        </Spin>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
