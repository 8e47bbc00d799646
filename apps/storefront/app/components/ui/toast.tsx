import { lazy, Suspense, useEffect, useState } from 'react';
import type { TypeOptions } from 'react-toastify/unstyled';

export interface NotifyOptions {
  title?: string;
  message: string;
  type?: Extract<TypeOptions, 'info' | 'success' | 'warning' | 'error' | 'default'>;
  /** Tapping the toast runs this (e.g. 'Item added to cart' goes to /cart, spec §4). */
  onClick?: () => void;
  /** A link in the toast, reachable by keyboard (e.g. "View cart"); without onClick, tapping the toast follows it. */
  action?: { label: string; to: string };
}

// The toast library loads with the first toast, not with every page (issue 6: first-load budget).
const loadToastStack = () => import('./toast-stack.tsx');
const ToastStack = lazy(loadToastStack);

let toastWanted = false;
const onFirstToast = new Set<() => void>();

/** The one way to show a toast. Toasts sent before the container mounts are queued. */
export function notify(options: NotifyOptions): void {
  if (!toastWanted) {
    toastWanted = true;
    for (const mount of onFirstToast) mount();
  }
  void loadToastStack().then(({ showToast }) => showToast(options));
}

/** Spec §9: 5000 ms, bottom centre, newest on top, progress bar, close button, tap to dismiss. */
export function AppToastContainer() {
  const [mounted, setMounted] = useState(toastWanted);
  useEffect(() => {
    if (toastWanted) {
      setMounted(true);
      return;
    }
    const mount = () => setMounted(true);
    onFirstToast.add(mount);
    return () => {
      onFirstToast.delete(mount);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
