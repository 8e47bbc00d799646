import { SiteLogo } from './site-logo.tsx';

/** Spec §2 Layout: while the main loading flag is on, the logo and a spinner replace the whole site (role="status" is a polite live region). */
export function LoadingView() {
  return (
    <div className="loading-view" role="status">
      <SiteLogo tone="dark" />
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
