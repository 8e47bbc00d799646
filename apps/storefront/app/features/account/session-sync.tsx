import type { Customer } from '@larder/contract';
import { useBrowserLayoutEffect } from '../../lib/use-browser-layout-effect.ts';
import { useSessionStore } from './session-store.ts';

const hasCookie = (name: string) =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));

/**
 * Spec §4 "on start": the server's reading of the session wins when it made one; otherwise a
 * stored snapshot (shown at once) is refreshed from GET customers/me, as is a session with no
 * snapshot (signed in without "remember me", which keeps nothing in local storage... or another tab).
 * A visitor with neither a snapshot nor the XSRF cookie costs no request.
 */
export function SessionSync({ serverCustomer }: { serverCustomer: Customer | null | undefined }) {
  useBrowserLayoutEffect(() => {
    if (serverCustomer) {
      useSessionStore.getState().setCustomer(serverCustomer);
      return;
    }
    const hasSnapshot = useSessionStore.getState().customer !== null;
    // The session actions (and the shop client) load only for a visitor who may be signed in.
    if (hasSnapshot || hasCookie('XSRF-TOKEN')) {
      void import('./session.ts').then(({ refreshSession }) => refreshSession());
    }
    // Once per page load: the server's answer belongs to the document.
  }, []);
  return null;
}
