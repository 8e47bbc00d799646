/** The brand mark: a rising sun over oat grains, with the wordmark set in Fraunces. */
export function SiteLogo({
  className,
  tone = 'light',
}: {
  className?: string;
  tone?: 'light' | 'dark';
}) {
  return (
    <span className={['site-logo', `site-logo--${tone}`, className].filter(Boolean).join(' ')}>
      <svg
        className="site-logo__mark"
        viewBox="0 0 48 48"
        width="40"
        height="40"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="24" r="23" className="site-logo__disc" />
        <path d="M10 30a14 14 0 0 1 28 0z" className="site-logo__sun" />
        <path
          d="M24 12c-2.5 3-2.5 7 0 10 2.5-3 2.5-7 0-10zM15 16c-.5 3.6 1.2 6.8 4.6 8-.2-3.4-2-6.4-4.6-8zm18 0c-2.6 1.6-4.4 4.6-4.6 8 3.4-1.2 5.1-4.4 4.6-8z"
          className="site-logo__grain"
        />
        <path d="M9 34h30M13 38h22" className="site-logo__line" />
      </svg>
      <span className="site-logo__word">
        Larder &amp; Oat
        <span className="site-logo__sub">Granola · Durham</span>
      </span>
    </span>
  );
}
