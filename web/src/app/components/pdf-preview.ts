import type { FileLinkReply } from '@cmp/contracts';

/**
 * Opens a stored PDF in the viewer (/preview) in a new tab. The tab opens at the click (a tab opened after a wait is
 * blocked as a pop-up), then goes to the viewer once the signed link has come; a refused link closes it (toasted).
 */
export function openPdfPreview(link: () => Promise<FileLinkReply>, title?: string): void {
  const tab = window.open('about:blank', '_blank');
  void link().then(
    (l) => tab && (tab.location.href = `/preview?${new URLSearchParams({ src: l.url, title: title || l.name })}`),
    () => tab?.close(),
  );
}
