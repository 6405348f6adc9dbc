/** Lets code outside React (the HTTP client's hooks) navigate through the router once the app has mounted. */
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function bindNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): void {
  navigateImpl(to, options);
}
