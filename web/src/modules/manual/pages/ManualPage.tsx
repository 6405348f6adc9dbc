import { useEffect, useMemo, useState } from 'react';
import { Empty, Image, Input, Menu, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLang } from '@/app/i18n/hooks';
import type { ManualChapter, ManualRole, ManualSection } from '@cmp/contracts';
import './manual.css';

const load = (lang: string): Promise<ManualChapter[]> =>
  // One language's chunk at a time (the content lives in contracts, which the help assistant indexes too).
  lang === 'en' ? import('@cmp/contracts/manual/en').then((m) => m.manualEn) : import('@cmp/contracts/manual/zh-CN').then((m) => m.manualZh);

const textOf = (s: ManualSection) => [s.title, s.where ?? '', ...s.body, ...(s.steps ?? [])].join('\n').toLowerCase();

/** The words of a search, each of which a section must contain (Chinese has no spaces: a phrase is one word). */
const wordsOf = (q: string) => q.trim().toLowerCase().split(/\s+/).filter(Boolean);

/**
 * 操作手册 (/manual, and the back office's manual/index): how to run a competition on the platform, a chapter per role,
 * in the reader's language, searched by words across every chapter; screenshots are taken from the running platform.
 */
export default function ManualPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [chapters, setChapters] = useState<ManualChapter[]>();
  useEffect(() => {
    let live = true;
    void load(lang).then((c) => live && setChapters(c));
    return () => {
      live = false;
    };
  }, [lang]);
  const role = (params.get('role') as ManualRole | null) ?? 'organiser';
  const query = params.get('q') ?? '';
  const words = wordsOf(query);
  const set = (next: Record<string, string | null>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      return p;
    });

  const found = useMemo(
    () => (chapters && words.length ? chapters.flatMap((c) => c.sections.filter((s) => words.every((w) => textOf(s).includes(w))).map((s) => ({ chapter: c, section: s }))) : null),
    [chapters, words],
  );
  const chapter = chapters?.find((c) => c.role === role) ?? chapters?.[0];

  return (
    <div className="manual">
      <div className="manual__head">
        <Typography.Title level={3} className="manual__title">
          {t('manual.title')}
        </Typography.Title>
        <Input.Search
          allowClear
          defaultValue={query}
          key={query}
          placeholder={t('manual.search')}
          onSearch={(q) => set({ q: q.trim() || null })}
          className="manual__search"
          data-testid="manual-search"
        />
      </div>
      {chapters && (
        <div className="manual__body">
          <nav className="manual__nav">
            <Menu
              mode="inline"
              selectedKeys={found ? [] : [chapter!.role]}
              items={chapters.map((c) => ({ key: c.role, label: c.title }))}
              onClick={(e) => set({ role: e.key, q: null })}
            />
          </nav>
          <Select
            className="manual__picker"
            value={chapter!.role}
            options={chapters.map((c) => ({ value: c.role, label: c.title }))}
            onChange={(r) => set({ role: r, q: null })}
          />
          <main className="manual__content">
            {found ? (
              <>
                <Typography.Paragraph type="secondary">{t('manual.found', { count: found.length, query })}</Typography.Paragraph>
                {found.length ? (
                  found.map(({ chapter: c, section }) => <Section key={section.id} section={section} chapter={c.title} words={words} />)
                ) : (
                  <Empty description={t('manual.nothing')} />
                )}
              </>
            ) : (
              <>
                <Typography.Title level={4}>{chapter!.title}</Typography.Title>
                <Typography.Paragraph type="secondary">{chapter!.summary}</Typography.Paragraph>
                {chapter!.sections.map((s) => (
                  <Section key={s.id} section={s} words={[]} />
                ))}
              </>
            )}
          </main>
        </div>
      )}
    </div>
  );
}

/** Marks the words searched for in a text. */
function Marked({ text, words }: { text: string; words: string[] }) {
  if (!words.length) return <>{text}</>;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return <>{text.split(pattern).map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part))}</>;
}

function Section({ section: s, chapter, words }: { section: ManualSection; chapter?: string; words: string[] }) {
  const { t } = useTranslation();
  return (
    <section id={s.id} className="manual__section">
      <Typography.Title level={5}>
        <Marked text={s.title} words={words} />
        {chapter && <Tag className="manual__chapter">{chapter}</Tag>}
      </Typography.Title>
      {s.where && (
        <Typography.Paragraph className="manual__where">
          {t('manual.where')}
          <Tag color="blue">{s.where}</Tag>
        </Typography.Paragraph>
      )}
      {s.body.map((p, i) => (
        <Typography.Paragraph key={i}>
          <Marked text={p} words={words} />
        </Typography.Paragraph>
      ))}
      {s.steps && (
        <ol className="manual__steps">
          {s.steps.map((step, i) => (
            <li key={i}>
              <Marked text={step} words={words} />
            </li>
          ))}
        </ol>
      )}
      {s.shot && <Image className="manual__shot" src={`/manual/${s.shot}.webp`} alt={s.title} loading="lazy" />}
    </section>
  );
}
