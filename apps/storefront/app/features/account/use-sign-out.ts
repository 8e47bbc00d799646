import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../components/ui/toast.tsx';

export const SIGN_OUT_FAILED_MESSAGE =
  'We could not sign you out: the shop did not answer. Check your connection and try again.';

/** Spec §4 Log Out: end the session, forget the customer, go to /login. */
export function useSignOut() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const run = useCallback(async () => {
    setSigningOut(true);
    try {
      // Loaded on use: the session actions stay out of every page's first load.
      const { signOut } = await import('./session.ts');
      await signOut();
      await navigate('/login');
    } catch {
      notify({ message: SIGN_OUT_FAILED_MESSAGE, type: 'error' });
    } finally {
      setSigningOut(false);
    }
  }, [navigate]);
  return { signOut: run, signingOut };
}
