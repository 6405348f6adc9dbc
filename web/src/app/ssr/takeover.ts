/**
 * The browser's side of a page the server rendered (#root[data-ssr], web/src/ssr/entry-server.tsx). The page is
 * readable and its links work before any script; the app loads when the visitor first acts on it. It then renders
 * out of sight, and replaces the server's page once it shows the same content (no spinner or skeleton left), so the
 * visitor never sees the page blank or loading again. What they did meanwhile carries over: text typed into a
 * field, the focus, and a click (or Enter in a field) the page's boot script held, given again to the same element.
 */
const STILL_LOADING = '.page-loading, .ant-skeleton';
/** The app takes over by then even if something still loads (a slow read shows its own loading state). */
const TAKEOVER_LIMIT_MS = 8000;

/** What the page's boot script held back: a click, or Enter in a field. */
type SsrWindow = Window & { __ssrHeld?: { el: Element; enter: 0 | 1 } | null; __ssrTakenOver?: boolean };

export function mountApp(render: (container: HTMLElement) => void): void {
  const server = document.getElementById('root')!;
  if (!server.hasAttribute('data-ssr')) {
    render(server);
    return;
  }
  const app = document.createElement('div');
  app.setAttribute('aria-hidden', 'true');
  app.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden;pointer-events:none;z-index:-1';
  server.after(app);
  render(app);

  let done = false;
  const takeOver = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(limit);
    const focused = server.contains(document.activeElement) ? document.activeElement : null;
    const typed = [...server.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter((f) => f.value !== f.defaultValue);
    server.remove();
    app.removeAttribute('style');
    app.removeAttribute('aria-hidden');
    app.id = 'root';
    (window as SsrWindow).__ssrTakenOver = true;
    for (const field of typed) {
      const twin = counterpart(field, server, app);
      if (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement) setValue(twin, field.value);
    }
    if (focused) (counterpart(focused, server, app) as HTMLElement | null)?.focus();
    const held = (window as SsrWindow).__ssrHeld;
    const target = held && (counterpart(held.el, server, app) as HTMLElement | null);
    if (target && held.enter) pressEnter(target);
    else target?.click();
  };
  let frame = 0;
  const check = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (app.firstElementChild && !app.querySelector(STILL_LOADING)) takeOver();
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(app, { childList: true, subtree: true });
  const limit = setTimeout(takeOver, TAKEOVER_LIMIT_MS);
}

/** The element of `to` in the place `el` has in `from`, or else the first of its kind with the same text. */
function counterpart(el: Element, from: Element, to: Element): Element | null {
  const path: number[] = [];
  for (let n: Element | null = el; n && n !== from; n = n.parentElement) {
    if (!n.parentElement) return null;
    path.unshift([...n.parentElement.children].indexOf(n));
  }
  let twin: Element | null = to;
  for (const i of path) twin = twin?.children[i] ?? null;
  const same = (c: Element | null) => !!c && c.tagName === el.tagName && c.textContent === el.textContent;
  if (same(twin)) return twin;
  return [...to.querySelectorAll(el.tagName)].find((c) => same(c) && c.className === el.className) ?? null;
}

/** Enter as the field's handlers see it, and the form's submission it would have made (a script's key event makes none). */
function pressEnter(field: HTMLElement): void {
  const unhandled = field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, cancelable: true }));
  if (unhandled && field instanceof HTMLInputElement) field.form?.requestSubmit();
}

/** A controlled field's value as typing would set it (React listens for the input event). */
function setValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
