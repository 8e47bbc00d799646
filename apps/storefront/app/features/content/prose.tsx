import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Sanitised HTML from the API (pages, posts, product descriptions). Same-site links inside it
 * navigate client-side instead of reloading the whole document.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/wp-content/')) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  return (
    <div
      className={['prose', className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
