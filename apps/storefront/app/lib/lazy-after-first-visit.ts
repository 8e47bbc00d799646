import { lazy, type ComponentType } from 'react';

/**
 * Settles on the shopper's first scroll, tap or key when this module is evaluated before the page
 * hydrates (a first visit); null when evaluated after (a visit within the shop), on the server and
 * in tests.
 */
const firstInteraction =
  typeof document === 'undefined' || 'hydrated' in document.documentElement.dataset
    ? null
    : new Promise<void>((resolve) => {
        for (const type of ['scroll', 'pointerdown', 'keydown']) {
          addEventListener(type, () => resolve(), { once: true, passive: true });
        }
      });

/**
 * A below-the-fold part with nothing to press, kept out of a first visit's load (decision 0047):
 * the server renders it, and React keeps that HTML until the part's code loads on the first
 * interaction. A click lands on plain HTML until then, so the part must hold only text and links.
 */
export function lazyAfterFirstVisit<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => (firstInteraction ? firstInteraction.then(load) : load()));
}
