import { CERTIFICATE_TEMPLATE_CATEGORIES, renderCertificateHtml, type CertificateTextElement } from '@cmp/contracts';
import en from '@/app/i18n/certificate-designer/en';
import zhCN from '@/app/i18n/certificate-designer/zh-CN';
import { localTemplateApi, workingCopy } from '../api/templates.api';
import { alignToCanvas, fitFontSize, htmlToText, moveLayer, newImageElement, newTextElement } from './elements';
import { sampleValues } from '@/app/components/certificate/sample';
import { AWARD_NAME_STYLE, starterDesign } from './starters';

describe('new elements', () => {
  it('start with the rich-text defaults: black, 20, left', () => {
    expect(newTextElement('证书')).toMatchObject({ color: '#000000', fontSize: 20, align: 'left', bold: false, vertical: false, content: '<p>证书</p>', contentText: '证书' });
    expect(newTextElement('<b>').content).toBe('<p>&lt;b&gt;</p>');
    expect(newImageElement('x.png')).toMatchObject({ type: 'image', fixedRatio: true, rotate: 0 });
  });

  it('reads plain text back from rich text', () => {
    expect(htmlToText('<p>一<strong>等</strong>奖</p><p>A &amp; B</p>')).toBe('一等奖\nA & B');
  });
});

describe('align and layer', () => {
  const el = newTextElement('x', { left: 10, top: 20, width: 200, height: 50 });
  it('lines up with the canvas edges and centre', () => {
    expect(alignToCanvas(el, 'hcenter', 0.7085)).toEqual({ left: 400, top: 20 });
    expect(alignToCanvas(el, 'right', 0.7085)).toEqual({ left: 800, top: 20 });
    expect(alignToCanvas(el, 'bottom', 0.7085)).toEqual({ left: 10, top: 658.5 });
    expect(alignToCanvas(el, 'vcenter', 1.4114)).toEqual({ left: 10, top: 680.7 });
  });

  it('moves an element in the stacking order', () => {
    const list = ['a', 'b', 'c'].map((id) => ({ ...el, id }));
    expect(moveLayer(list, 'a', 'top').map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(moveLayer(list, 'c', 'down').map((e) => e.id)).toEqual(['a', 'c', 'b']);
    expect(moveLayer(list, 'b', 'bottom').map((e) => e.id)).toEqual(['b', 'a', 'c']);
    expect(moveLayer(list, 'c', 'up')).toBe(list);
  });
});

describe('starting templates', () => {
  it.each(CERTIFICATE_TEMPLATE_CATEGORIES.map((c) => [c.id, c]))('%s binds its category fields', (_id, category) => {
    const design = starterDesign(category.id, zhCN, 'T');
    const codes = new Set(design.slides[0].elements.map((e) => e.code).filter(Boolean));
    for (const code of category.codes) if (code !== 'certCodePrefix' && code !== 'certCodeSuffix') expect(codes).toContain(code);
    expect(design.viewportRatio > 1).toBe(category.orientation === 'portrait');
    // Every text box holds at least one line of its font.
    for (const e of design.slides[0].elements) if (e.type === 'text') expect(e.height).toBeGreaterThanOrEqual(e.fontSize * 1.4);
    // Everything sits on the canvas.
    const height = 1000 * design.viewportRatio;
    for (const e of design.slides[0].elements) {
      expect(e.left >= 0 && e.left + e.width <= 1000).toBe(true);
      expect(e.top >= 0 && e.top + e.height <= height).toBe(true);
    }
  });

  it("starts the award name as 'first prize', 80, bold, red", () => {
    const award = starterDesign('awardName', zhCN, 'T').slides[0].elements.find((e) => e.code === 'awardName') as CertificateTextElement;
    expect(award).toMatchObject({ ...AWARD_NAME_STYLE, contentText: '一等奖' });
    expect((starterDesign('awardName', en, 'T').slides[0].elements.find((e) => e.code === 'awardName') as CertificateTextElement).contentText).toBe('First Prize');
  });

  it('notes under portrait members that the order is not a ranking', () => {
    const texts = starterDesign('portraitMembers', zhCN, 'T').slides[0].elements.map((e) => (e.type === 'text' ? e.contentText : ''));
    expect(texts).toContain('（排名不分先后）');
  });

  it('renders with the sample values, longest included', () => {
    const { longest } = sampleValues(zhCN.sample, zhCN.starter.issuer);
    const html = renderCertificateHtml(starterDesign('award4', zhCN, 'T'), longest);
    expect(html).toContain('阿卜杜热西提·买买提艾力');
    expect(html).toContain('CMP2026-X7K9Q2M4T8W1-REISSUE');
    expect(html).toContain('data:image/svg+xml;base64,');
  });
});

describe('local template api', () => {
  class MemoryStorage {
    private data = new Map<string, string>();
    getItem(key: string) {
      return this.data.get(key) ?? null;
    }
    setItem(key: string, value: string) {
      this.data.set(key, value);
    }
    removeItem(key: string) {
      this.data.delete(key);
    }
  }

  it('keeps a working copy, ignoring a corrupt or empty one', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(workingCopy.read(storage)).toBeUndefined();
    const design = starterDesign('award3', zhCN, '丙');
    workingCopy.write({ design, draftId: 'd1', categoryId: 'award3' }, storage);
    expect(workingCopy.read(storage)).toEqual({ design, draftId: 'd1', categoryId: 'award3' });
    storage.setItem('cmp.certificate.working', '{"design":{"slides":[]}}');
    expect(workingCopy.read(storage)).toBeUndefined();
    storage.setItem('cmp.certificate.working', 'nope');
    expect(workingCopy.read(storage)).toBeUndefined();
    workingCopy.clear(storage);
    expect(storage.getItem('cmp.certificate.working')).toBeNull();
  });

  it('saves, lists newest first, updates in place and removes', async () => {
    let clock = 0;
    const api = localTemplateApi(new MemoryStorage() as unknown as Storage, () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)));
    const design = starterDesign('award1', zhCN, '甲');
    const a = await api.save({ design });
    const b = await api.save({ design: { ...design, title: '乙' } });
    expect((await api.list()).map((d) => d.title)).toEqual(['乙', '甲']);
    await api.save({ id: a.id, design: { ...design, title: '甲2' } });
    expect((await api.list()).map((d) => d.title)).toEqual(['甲2', '乙']);
    await api.remove(b.id);
    expect((await api.list()).map((d) => d.id)).toEqual([a.id]);
    expect((await api.get(a.id))?.design?.slides[0].elements.length).toBe(design.slides[0].elements.length);
  });

  it('survives a corrupt store', async () => {
    const storage = new MemoryStorage();
    storage.setItem('cmp.certificate.drafts', '{not json');
    expect(await localTemplateApi(storage as unknown as Storage).list()).toEqual([]);
  });
});

describe('fitFontSize', () => {
  it('shrinks long Latin headings and leaves short Chinese ones alone', () => {
    expect(fitFontSize('荣誉证书', 600, 64)).toBe(64);
    expect(fitFontSize('Certificate of Honour', 700, 80)).toBe(55);
    expect(starterDesign('portraitMembers', en, 'T').slides[0].elements.find((e) => e.type === 'text' && e.source === 'heading')).toMatchObject({ fontSize: 55 });
  });
});
