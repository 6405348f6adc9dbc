import type { CertificateImageElement, CertificateTextElement } from '@cmp/contracts';
import { ID_ALPHABET, UNTITLED_CERTIFICATE, createId, createSlideStore, initialSlideState, slideActions as a } from './slides';

const text = (id: string, extra: Partial<CertificateTextElement> = {}): CertificateTextElement => ({
  name: id,
  type: 'text',
  id,
  left: 0,
  top: 0,
  width: 100,
  height: 30,
  content: '',
  rotate: 0,
  fontSize: 20,
  fontFamily: 'SourceHanSans',
  bold: false,
  vertical: false,
  contentText: '',
  defaultColor: '#333',
  defaultFontName: 'SourceHanSans',
  color: '#000000',
  ...extra,
});
const image = (id: string): CertificateImageElement => ({ name: id, type: 'image', id, src: '', width: 50, height: 50, left: 0, top: 0, fixedRatio: true, rotate: 0 });

describe('slide store state', () => {
  it('starts with slide "1", the template layout, ratio 0.7085, index 0 and the untitled title', () => {
    expect(initialSlideState()).toEqual({
      title: UNTITLED_CERTIFICATE,
      slides: [{ id: '1', elements: [] }],
      viewportRatio: 0.7085,
      slideIndex: 0,
      layouts: [{ id: 'template', elements: [] }],
    });
  });

  it('makes ids from the 64-character alphabet', () => {
    expect(new Set(ID_ALPHABET).size).toBe(64);
    const ids = Array.from({ length: 200 }, () => createId());
    expect(ids.every((id) => id.length === 10 && [...id].every((ch) => ID_ALPHABET.includes(ch)))).toBe(true);
    expect(new Set(ids).size).toBe(200);
  });
});

describe('slide actions', () => {
  const base = () => a.addElements(initialSlideState(), [text('t1'), image('i1'), text('t2')]);

  it('sets the title, falling back to the untitled default when empty', () => {
    expect(a.setTitle(initialSlideState(), '优秀指导教师').title).toBe('优秀指导教师');
    expect(a.setTitle(initialSlideState(), '  ').title).toBe(UNTITLED_CERTIFICATE);
    expect(a.setTitle(initialSlideState(), '', 'Untitled certificate').title).toBe('Untitled certificate');
  });

  it('replaces slides, and add slides replaces the list too', () => {
    const s = a.setSlides(initialSlideState(), [{ id: 'x', elements: [] }, { id: 'y', elements: [] }]);
    expect(s.slides.map((slide) => slide.id)).toEqual(['x', 'y']);
    const added = a.addSlides(a.setSlideIndex(s, 1), { id: 'z', elements: [] });
    expect(added.slides.map((slide) => slide.id)).toEqual(['z']);
    expect(added.slideIndex).toBe(0);
  });

  it('updates a slide by id or the current one, and removes slide props', () => {
    const two = a.setSlides(initialSlideState(), [{ id: 'x', elements: [] }, { id: 'y', elements: [] }]);
    const current = a.updateSlide(two, { background: '#fff' });
    expect(current.slides[0].background).toBe('#fff');
    const byId = a.updateSlide(current, { background: '#eee' }, 'y');
    expect(byId.slides.map((slide) => slide.background)).toEqual(['#fff', '#eee']);
    const removed = a.removeSlideProps(byId, ['background', 'id'], 'y');
    expect(removed.slides[1]).toEqual({ id: 'y', elements: [] });
    expect(two.slides[0].background).toBeUndefined(); // never mutates
  });

  it('updates the viewport ratio, refusing nonsense', () => {
    expect(a.setViewportRatio(initialSlideState(), 1.4114).viewportRatio).toBe(1.4114);
    expect(a.setViewportRatio(initialSlideState(), NaN).viewportRatio).toBe(0.7085);
  });

  it('adds elements to the current slide and deletes them by id', () => {
    const s = base();
    expect(s.slides[0].elements.map((e) => e.id)).toEqual(['t1', 'i1', 't2']);
    expect(a.deleteElements(s, ['t1', 't2']).slides[0].elements.map((e) => e.id)).toEqual(['i1']);
    expect(a.deleteElements(s, 'i1').slides[0].elements).toHaveLength(2);
  });

  it('updates elements by id by merging props, optionally on a given slide', () => {
    const s = a.updateElements(base(), ['t1', 't2'], { left: 40, color: '#f00' });
    expect(s.slides[0].elements.filter((e) => e.type === 'text').map((e) => [e.left, (e as CertificateTextElement).color])).toEqual([
      [40, '#f00'],
      [40, '#f00'],
    ]);
    const other = a.setSlides(s, [...s.slides, { id: 'b', elements: [text('t1')] }]);
    const onB = a.updateElements(other, 't1', { top: 99 }, 'b');
    expect(onB.slides[1].elements[0].top).toBe(99);
    expect(onB.slides[0].elements[0].top).toBe(0);
  });

  it('removes element props but never id or type', () => {
    const s = a.removeElementProps(a.updateElements(base(), 't1', { code: 'school' }), 't1', ['code', 'id', 'type']);
    const el = s.slides[0].elements[0];
    expect(el).not.toHaveProperty('code');
    expect(el).toMatchObject({ id: 't1', type: 'text' });
  });
});

describe('slide store history', () => {
  it('undoes and redoes edits, and a new edit clears the redo list', () => {
    const s = createSlideStore();
    s.addElements(text('t1'));
    s.updateElements('t1', { left: 10 });
    expect(s.store.get().canUndo).toBe(true);
    s.undo();
    expect(s.get().slides[0].elements[0].left).toBe(0);
    expect(s.store.get().canRedo).toBe(true);
    s.redo();
    expect(s.get().slides[0].elements[0].left).toBe(10);
    s.undo();
    s.setTitle('新');
    expect(s.store.get().canRedo).toBe(false);
    s.undo();
    s.undo();
    expect(s.get().slides[0].elements).toHaveLength(0);
    expect(s.store.get().canUndo).toBe(false);
  });

  it('records a whole drag as one step', () => {
    const s = createSlideStore();
    s.addElements(text('t1'));
    s.beginGesture();
    for (let x = 1; x <= 20; x += 1) s.updateElements('t1', { left: x });
    s.endGesture();
    expect(s.get().slides[0].elements[0].left).toBe(20);
    s.undo();
    expect(s.get().slides[0].elements[0].left).toBe(0);
  });

  it('loads a design with a fresh history', () => {
    const s = createSlideStore();
    s.addElements(text('t1'));
    s.load({ title: 'T', slides: [{ id: 'k', elements: [] }], viewportRatio: 1.4114, slideIndex: 3 });
    expect(s.get()).toMatchObject({ title: 'T', viewportRatio: 1.4114, slideIndex: 0, layouts: [{ id: 'template', elements: [] }] });
    expect(s.store.get().canUndo).toBe(false);
  });
});
