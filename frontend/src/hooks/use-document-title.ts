import { useEffect } from 'react';

/** The title a browser tab, a bookmark and a shared link's preview show for a screen. */
export const pageTitle = (title: string | null | undefined) => (title ? `${title} · DineBuds` : 'DineBuds');

/** Set only while the server renders a page (`collectTitle`). */
let serverTitle: { title: string | null } | null = null;

/**
 * The server render (entry-server.tsx): runs one synchronous render and notes the title its
 * screen asked for, which the gateway writes into the page's head. No effect runs on the server,
 * and a shared link is previewed from that head, not from the app.
 */
export function collectTitle<T>(render: () => T): { result: T; title: string | null } {
  const outer = serverTitle;
  const collected: { title: string | null } = { title: null };
  serverTitle = collected;
  try {
    return { result: render(), title: collected.title };
  } finally {
    serverTitle = outer;
  }
}

export function useDocumentTitle(title: string | null | undefined) {
  if (serverTitle) serverTitle.title = pageTitle(title);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
