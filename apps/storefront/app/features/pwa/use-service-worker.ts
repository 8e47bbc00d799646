import { useEffect } from 'react';

/**
 * Registers the service worker once the app is hydrated, and after the page's own load so it
 * never competes with the first paint for bandwidth.
 */
export function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
        // No offline support in this browser session; the shop works as before.
      });
    };
    if (document.readyState === 'complete') {
      register();
      return;
    }
    window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
}
