import {
  CERTIFICATE_DEFAULT_VIEWPORT_RATIO,
  type CertificateDesign,
  type CertificateElement,
  type CertificateSlide,
} from '@cmp/contracts';
import { createStore, type Store } from '@/app/store/create-store';

/** The 64-character alphabet of spec section 9 (URL-safe, as nanoid's). */
export const ID_ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A random id of `size` characters from the 64-character alphabet (crypto-random; 64 divides 256 evenly). */
export function createId(size = 10): string {
  const bytes = crypto.getRandomValues(new Uint8Array(size));
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte & 63];
  return id;
}

/** Spec section 3: the title a certificate has until it is named. */
export const UNTITLED_CERTIFICATE = '未命名证书';

export interface SlideState extends CertificateDesign {
  /** Layouts a slide can start from; the single 'template' layout has no elements. */
  layouts: CertificateSlide[];
}

export const initialSlideState = (): SlideState => ({
  title: UNTITLED_CERTIFICATE,
  slides: [{ id: '1', elements: [] }],
  viewportRatio: CERTIFICATE_DEFAULT_VIEWPORT_RATIO,
  slideIndex: 0,
  layouts: [{ id: 'template', elements: [] }],
});

type Patch<T> = Partial<T> & Record<string, unknown>;

/**
 * The actions of spec section 4 as pure functions of the state: each returns a new state and never mutates
 * the old one, so the history below can keep old states as they were.
 */
export const slideActions = {
  /** An empty (or blank) title falls back to the untitled default. */
  setTitle(state: SlideState, title: string, untitled = UNTITLED_CERTIFICATE): SlideState {
    return { ...state, title: title.trim() ? title : untitled };
  },

  setSlides(state: SlideState, slides: CertificateSlide[]): SlideState {
    return { ...state, slides, slideIndex: Math.min(state.slideIndex, Math.max(0, slides.length - 1)) };
  },

  /** Merges props into the slide with this id, or into the current slide. */
  updateSlide(state: SlideState, props: Patch<CertificateSlide>, slideId?: string): SlideState {
    const id = slideId ?? state.slides[state.slideIndex]?.id;
    return { ...state, slides: state.slides.map((slide) => (slide.id === id ? { ...slide, ...props } : slide)) };
  },

  /** Removes named properties from a slide (the current one unless an id is given). */
  removeSlideProps(state: SlideState, propNames: string | string[], slideId?: string): SlideState {
    const names = Array.isArray(propNames) ? propNames : [propNames];
    const id = slideId ?? state.slides[state.slideIndex]?.id;
    return {
      ...state,
      slides: state.slides.map((slide) => {
        if (slide.id !== id) return slide;
        const copy = { ...slide } as Record<string, unknown>;
        for (const name of names) if (name !== 'id' && name !== 'elements') delete copy[name];
        return copy as unknown as CertificateSlide;
      }),
    };
  },

  setViewportRatio(state: SlideState, viewportRatio: number): SlideState {
    return Number.isFinite(viewportRatio) && viewportRatio > 0 ? { ...state, viewportRatio } : state;
  },

  /** Adds slides: as in the spec, the given slides replace the list, and the first becomes current. */
  addSlides(state: SlideState, slides: CertificateSlide | CertificateSlide[]): SlideState {
    return { ...state, slides: Array.isArray(slides) ? slides : [slides], slideIndex: 0 };
  },

  setSlideIndex(state: SlideState, slideIndex: number): SlideState {
    return slideIndex >= 0 && slideIndex < state.slides.length ? { ...state, slideIndex } : state;
  },

  /** Adds elements to the current slide, on top of the others. */
  addElements(state: SlideState, elements: CertificateElement | CertificateElement[]): SlideState {
    const added = Array.isArray(elements) ? elements : [elements];
    return mapCurrent(state, (slide) => ({ ...slide, elements: [...slide.elements, ...added] }));
  },

  /** Deletes elements by id from the current slide. */
  deleteElements(state: SlideState, ids: string | string[]): SlideState {
    const gone = new Set(Array.isArray(ids) ? ids : [ids]);
    return mapCurrent(state, (slide) => ({ ...slide, elements: slide.elements.filter((element) => !gone.has(element.id)) }));
  },

  /** Merges props into the elements with these ids, on the given slide or the current one. */
  updateElements(state: SlideState, ids: string | string[], props: Partial<CertificateElement>, slideId?: string): SlideState {
    const hit = new Set(Array.isArray(ids) ? ids : [ids]);
    const id = slideId ?? state.slides[state.slideIndex]?.id;
    return {
      ...state,
      slides: state.slides.map((slide) =>
        slide.id !== id
          ? slide
          : { ...slide, elements: slide.elements.map((element) => (hit.has(element.id) ? ({ ...element, ...props } as CertificateElement) : element)) },
      ),
    };
  },

  /** Removes named properties from one element of the current slide (never its id or type). */
  removeElementProps(state: SlideState, elementId: string, propNames: string | string[]): SlideState {
    const names = Array.isArray(propNames) ? propNames : [propNames];
    return mapCurrent(state, (slide) => ({
      ...slide,
      elements: slide.elements.map((element) => {
        if (element.id !== elementId) return element;
        const copy = { ...element } as Record<string, unknown>;
        for (const name of names) if (name !== 'id' && name !== 'type') delete copy[name];
        return copy as unknown as CertificateElement;
      }),
    }));
  },
};

function mapCurrent(state: SlideState, change: (slide: CertificateSlide) => CertificateSlide): SlideState {
  return { ...state, slides: state.slides.map((slide, index) => (index === state.slideIndex ? change(slide) : slide)) };
}

export const currentSlide = (state: SlideState): CertificateSlide => state.slides[state.slideIndex] ?? state.slides[0];

/** The part of the state a template saves. */
export const toDesign = (state: SlideState): CertificateDesign => ({
  title: state.title,
  slides: state.slides,
  viewportRatio: state.viewportRatio,
  slideIndex: state.slideIndex,
});

// ---------------------------------------------------------------------------------------------------------------
// Store with undo/redo
// ---------------------------------------------------------------------------------------------------------------

/** How many steps undo can go back. */
export const HISTORY_LIMIT = 100;

type ActionName = keyof typeof slideActions;
type ActionArgs<K extends ActionName> = (typeof slideActions)[K] extends (state: SlideState, ...args: infer A) => SlideState ? A : never;
type BoundActions = { [K in ActionName]: (...args: ActionArgs<K>) => void };

export interface SlideStore extends BoundActions {
  store: Store<SlideState & { canUndo: boolean; canRedo: boolean }>;
  get(): SlideState;
  /** Replaces the whole design (loading a template or a draft) and clears the history. */
  load(design: CertificateDesign): void;
  undo(): void;
  redo(): void;
  /**
   * While a drag or resize is in progress, changes apply without history entries; `endGesture` records the
   * state from before the gesture once, so one undo reverts the whole drag.
   */
  beginGesture(): void;
  endGesture(): void;
}

export function createSlideStore(initial: SlideState = initialSlideState()): SlideStore {
  const store = createStore({ ...initial, canUndo: false, canRedo: false });
  let past: SlideState[] = [];
  let future: SlideState[] = [];
  let gestureStart: SlideState | null = null;

  const plain = (): SlideState => {
    const { canUndo: _u, canRedo: _r, ...state } = store.get();
    return state;
  };
  const publish = (state: SlideState) => store.set({ ...state, canUndo: past.length > 0, canRedo: future.length > 0 });
  const record = (before: SlideState) => {
    past = [...past, before].slice(-HISTORY_LIMIT);
    future = [];
  };

  const bound = {} as BoundActions;
  for (const name of Object.keys(slideActions) as ActionName[]) {
    (bound as Record<string, (...args: unknown[]) => void>)[name] = (...args: unknown[]) => {
      const before = plain();
      const after = (slideActions[name] as (state: SlideState, ...rest: unknown[]) => SlideState)(before, ...args);
      if (after === before) return;
      // Changing which slide is shown is navigation, not an edit: it is not undone.
      if (!gestureStart && name !== 'setSlideIndex') record(before);
      publish(after);
    };
  }

  return {
    ...bound,
    store,
    get: plain,
    load(design) {
      past = [];
      future = [];
      gestureStart = null;
      publish({ ...initialSlideState(), ...design, slideIndex: 0 });
    },
    undo() {
      const previous = past[past.length - 1];
      if (!previous) return;
      future = [plain(), ...future];
      past = past.slice(0, -1);
      publish(previous);
    },
    redo() {
      const next = future[0];
      if (!next) return;
      past = [...past, plain()];
      future = future.slice(1);
      publish(next);
    },
    beginGesture() {
      gestureStart = plain();
    },
    endGesture() {
      const before = gestureStart;
      gestureStart = null;
      if (before && before.slides !== plain().slides) {
        record(before);
        publish(plain());
      }
    },
  };
}
