import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { nextHeaderOpacity } from './header-opacity.ts';

/** Spec §9: recomputed 200 ms after a navigation ends (scroll restoration has moved the page by then). */
export const RECOMPUTE_AFTER_NAVIGATION_MS = 200;

/** The opacity for the page's scroll position now; `previous` keeps it for the next call. */
function recompute(previous: { current: number }): number {
  previous.current = nextHeaderOpacity(window.scrollY, previous.current);
  return previous.current;
}

/** Header background opacity from the scroll position; 0 during server render and hydration. */
export function useHeaderOpacity(): number {
  const [opacity, setOpacity] = useState(0);
  const previous = useRef(0);
  const navigationState = useNavigation().state;

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setOpacity(recompute(previous));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    if (navigationState !== 'idle') return;
    const timer = window.setTimeout(
      () => setOpacity(recompute(previous)),
      RECOMPUTE_AFTER_NAVIGATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigationState]);

  return opacity;
}
