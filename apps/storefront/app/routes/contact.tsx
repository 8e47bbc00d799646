import { data } from 'react-router';
import type { Route } from './+types/contact';
import { createShopApi } from '../lib/api/index.ts';
import { handleContactSubmission } from '../features/contact/contact-action.server.ts';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { toContentPage } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';
import { handleNewsletterSignup } from '../features/newsletter/newsletter-action.server.ts';
import { NEWSLETTER_INTENT } from '../features/newsletter/newsletter-messages.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const page = await orNotFound(api, api.getPageBySlug('contact'));
  return { chrome: chromeFromPage(page), page: toContentPage(page) };
}

/** The contact form, and the footer's newsletter sign-up (see newsletter-form.tsx). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = createShopApi(context.apiFetch);
  const formData = await request.formData();
  const result =
    formData.get('intent') === NEWSLETTER_INTENT
      ? await handleNewsletterSignup(api, formData)
      : await handleContactSubmission(api, formData);
  return data(result, { status: result.ok ? 200 : 400 });
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args);
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const newsletter = actionData?.intent === NEWSLETTER_INTENT ? actionData : undefined;
  const contact = actionData?.intent === 'contact' ? actionData : undefined;
  return (
    <section className="section">
      <div
        className="container contact-layout"
        data-testid="content-page"
        data-slug={loaderData.page.slug}
      >
        <div>
          {/* Without JavaScript the footer's sign-up lands here: its answer comes first. */}
          {newsletter ? (
            <p
              className={`form-banner form-banner--${newsletter.ok ? 'success' : 'error'}`}
              role="status"
              data-testid="newsletter-result"
            >
              {newsletter.ok ? newsletter.message : `Newsletter sign-up: ${newsletter.error}`}
            </p>
          ) : null}
          <Prose html={loaderData.page.html} />
        </div>
        <div className="contact-card">
          <ContactForm result={contact} />
        </div>
      </div>
    </section>
  );
}
