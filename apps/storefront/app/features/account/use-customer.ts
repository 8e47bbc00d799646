import type { Customer } from '@larder/contract';
import { useRouteLoaderData } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSessionStore } from './session-store.ts';

/** What the root loader tells the page about the visitor, read on the server from the session cookie. */
export interface RootSessionData {
  customer: Customer | null;
}

/**
 * The signed-in customer, or null for a visitor. The server's answer while the page hydrates (so
 * the first paint matches the HTML), the session store afterwards.
 */
export function useCustomer(): Customer | null {
  const hydrated = useHydrated();
  const fromServer = useRouteLoaderData<RootSessionData>('root')?.customer ?? null;
  const stored = useSessionStore((state) => state.customer);
  return hydrated ? stored : fromServer;
}
