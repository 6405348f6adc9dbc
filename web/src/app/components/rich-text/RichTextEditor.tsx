import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import { promptDialog, toast } from '@/app/feedback/feedback';
import { uploadImage } from '@/app/api/news.api';
import '@/app/i18n/news';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

function ToolButton({ title, active, onClick, icon, children, disabled }: {
  title: string;
  active?: boolean;
  onClick: () => void;
  icon?: React.ReactNode;
  children?: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={onClick} disabled={disabled} aria-label={title} aria-pressed={!!active}>
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor, onImage, uploading }: { editor: Editor; onImage: () => void; uploading: boolean }) {
  const { t } = useTranslation('news');
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const link = async () => {
    if (s.link) {
      chain().unsetLink().run();
      return;
    }
    const r = await promptDialog(t('editor.linkPrompt'), { pattern: /^https?:\/\/\S+$/, errorMessage: t('editor.linkInvalid'), placeholder: 'https://' });
    if (r.result === 'confirm' && r.value) chain().extendMarkRange('link').setLink({ href: r.value, target: '_blank' }).run();
  };
  return (
    <div className="rte__toolbar" role="toolbar">
      <ToolButton title={t('editor.bold')} active={s.bold} icon={<BoldOutlined />} onClick={() => chain().toggleBold().run()} />
      <ToolButton title={t('editor.italic')} active={s.italic} icon={<ItalicOutlined />} onClick={() => chain().toggleItalic().run()} />
      <ToolButton title={t('editor.underline')} active={s.underline} icon={<UnderlineOutlined />} onClick={() => chain().toggleUnderline().run()} />
      <ToolButton title={t('editor.strike')} active={s.strike} icon={<StrikethroughOutlined />} onClick={() => chain().toggleStrike().run()} />
      <Divider type="vertical" />
      <ToolButton title={`${t('editor.heading')} 2`} active={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton title={`${t('editor.heading')} 3`} active={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton title={t('editor.bulletList')} active={s.bullet} icon={<UnorderedListOutlined />} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton title={t('editor.orderedList')} active={s.ordered} icon={<OrderedListOutlined />} onClick={() => chain().toggleOrderedList().run()} />
      <ToolButton title={t('editor.quote')} active={s.quote} onClick={() => chain().toggleBlockquote().run()}>
        “ ”
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton title={t('editor.link')} active={s.link} icon={<LinkOutlined />} onClick={() => void link()} />
      <ToolButton title={t('editor.image')} icon={<PictureOutlined />} onClick={onImage} disabled={uploading} />
      <Divider type="vertical" />
      <ToolButton title={t('editor.undo')} icon={<UndoOutlined />} onClick={() => chain().undo().run()} disabled={!s.canUndo} />
      <ToolButton title={t('editor.redo')} icon={<RedoOutlined />} onClick={() => chain().redo().run()} disabled={!s.canRedo} />
    </div>
  );
}

/**
 * The rich-text editor of news and of a competition's intro and guide (Tiptap, loaded only with the screens
 * that write them: use RichTextField). Produces HTML that the server sanitises again; images are uploaded
 * through the gateway and inserted by address.
 */
export default function RichTextEditor({ value, onChange, id }: RichTextEditorProps) {
  const { t } = useTranslation('news');
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const lastEmitted = useRef<string | undefined>(value);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } }), Image],
    content: value ?? '',
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastEmitted.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (the loaded item) replaces the content; our own edits do not echo back.
  useEffect(() => {
    if (editor && value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(value ?? '', { emitUpdate: false });
    }
  }, [editor, value]);

  const pickImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    setUploading(true);
    try {
      const up = await uploadImage(file);
      editor.chain().focus().setImage({ src: up.url, alt: file.name }).run();
      toast(t('edit.uploaded'), 'success');
    } catch {
      /* the HTTP client showed why */
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  if (!editor) return null;
  return (
    <div className="rte" id={id}>
      <Toolbar editor={editor} onImage={() => fileInput.current?.click()} uploading={uploading} />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="rte__file"
        hidden
        data-testid="rte-image-input"
        onChange={(e) => void pickImage(e.target.files?.[0])}
      />
      <EditorContent editor={editor} className="rte__content news-html" />
    </div>
  );
}
