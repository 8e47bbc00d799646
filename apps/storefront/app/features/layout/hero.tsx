import { useNavigation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import type { PageChrome } from './page-chrome.ts';

/** Spec §2 Hero area: title (and on home a deck and button) over the page's header image. */
export function Hero({ chrome }: { chrome: PageChrome }) {
  // Spec §2: a loading state from the start of a navigation until it ends.
  const busy = useNavigation().state !== 'idle';
  const { isHome, headerImage, button } = chrome;
  const className = [
    'hero',
    chrome.largeHeader ? 'hero--large' : 'hero--normal',
    isHome ? 'hero--home' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section className={className} aria-busy={busy} aria-labelledby="page-title" data-testid="hero">
      {headerImage ? (
        <ResponsiveImage
          // A new element per image: a client-side navigation must not keep the old picture's source.
          key={headerImage.src}
          className="hero__image"
          image={headerImage}
          alt=""
          sizes="(min-width: 1400px) 620px, 400px"
          priority
        />
      ) : null}
      <div className="container hero__content">
        {isHome ? <p className="hero__eyebrow">Small-batch granola</p> : null}
        <h1 id="page-title" className="hero__title">
          {chrome.headerTitle}
        </h1>
        {isHome && chrome.deck ? <p className="hero__deck">{chrome.deck}</p> : null}
        {isHome && button ? <HeroButton title={button.title} url={button.url} /> : null}
      </div>
      <div className="hero__progress" data-active={busy} aria-hidden={!busy}>
        {busy ? (
          <span className="visually-hidden" role="status">
            Loading page…
          </span>
        ) : null}
      </div>
    </section>
  );
}

/** A page of the shop or another site: the link tells them apart (an absolute URL loads the page). */
function HeroButton({ title, url }: { title: string; url: string }) {
  return (
    <ButtonLink to={url} size="lg" className="hero__button">
      {title}
    </ButtonLink>
  );
}
