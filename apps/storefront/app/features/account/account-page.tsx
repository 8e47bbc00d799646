import type { ReactNode } from 'react';
import type { ContentPage } from '../content/content-data.ts';
import { Prose } from '../content/prose.tsx';
import { chromeFromPage } from '../layout/page-chrome.ts';
import { createShopApi } from '../../lib/api/index.ts';
import type { ApiFetch } from '../../load-context.ts';
import { toContentPage } from '../content/content-data.ts';
import { orNotFound } from '../content/not-found.ts';

/** The seeded page behind an account screen: its hero (chrome) and its short introduction. */
export async function loadAccountPage(apiFetch: ApiFetch, slug: string) {
  const api = createShopApi(apiFetch);
  const page = await orNotFound(api, api.getPageBySlug(slug));
  return { chrome: chromeFromPage(page), page: toContentPage(page) };
}

/** An account screen: the page's introduction, then the form in a card. */
export function AccountPage({
  page,
  intro = true,
  children,
}: {
  page: ContentPage;
  intro?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="section">
      <div className="container container--narrow" data-testid="content-page" data-slug={page.slug}>
        <div className="account-card">
          {intro ? (
            <div className="account-card__intro">
              <Prose html={page.html} />
            </div>
          ) : null}
          {children}
        </div>
      </div>
    </section>
  );
}
