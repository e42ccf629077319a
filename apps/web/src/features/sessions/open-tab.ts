export interface PendingTab {
  /** Sends the tab to `url`, cut off from this page. */
  go(url: string): void;
  close(): void;
}

/**
 * Opens a blank tab while the click is still a user gesture, so popup blockers let it through,
 * and points it at the meeting once the api has answered with the link.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open("", "_blank");
  return {
    go(url) {
      if (!tab || tab.closed) {
        window.open(url, "_blank", "noopener,noreferrer");
        return;
      }
      tab.opener = null;
      tab.location.replace(url);
    },
    close() {
      tab?.close();
    },
  };
}
