import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** Pages arrive rendered; a navigation quicker than this shows only the hero's progress bar. */
export const LOADING_VIEW_DELAY_MS = 500;

/**
 * Spec §2 Layout's main loading flag: on while a navigation to another page has waited longer than
 * the delay for its data (the page shown is then the previous one's), off once that page renders.
 */
export function useLoadingView(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const waiting = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setShown(true), LOADING_VIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setShown(false);
    };
  }, [waiting]);
  return shown;
}
