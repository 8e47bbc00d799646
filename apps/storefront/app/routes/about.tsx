import type { Route } from './+types/about';
import { ResponsiveImage } from '../components/ui/responsive-image.tsx';
import { createShopApi } from '../lib/api/index.ts';
import { toContentPage, toTeamMember } from '../features/content/content-data.ts';
import { orNotFound } from '../features/content/not-found.ts';
import { Prose } from '../features/content/prose.tsx';
import { chromeFromPage } from '../features/layout/page-chrome.ts';
import { pageSeoMeta } from '../features/seo/seo.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../features/content/route-error-boundary.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const api = createShopApi(context.apiFetch);
  const [page, team] = await Promise.all([
    orNotFound(api, api.getPageBySlug('about')),
    api.listTeam(),
  ]);
  // Spec §7: team by menu_order ascending (the API sorts; this keeps the order if it does not).
  const ordered = [...team].sort((a, b) => a.menu_order - b.menu_order);
  return {
    chrome: chromeFromPage(page),
    page: toContentPage(page),
    team: ordered.map(toTeamMember),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageSeoMeta(args);
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, team } = loaderData;
  return (
    <>
      <section className="section">
        <div className="container container--narrow">
          <Prose html={page.html} />
        </div>
      </section>
      {team.length > 0 ? (
        <section className="section section--tinted" aria-labelledby="team-heading">
          <div className="container">
            <div className="section__head">
              <div>
                <p className="eyebrow">The people behind the oven</p>
                <h2 id="team-heading" className="section__title">
                  Meet the team
                </h2>
              </div>
            </div>
            <ul className="team-grid" data-testid="team-list">
              {team.map((member) => (
                <li key={member.id} className="team-card">
                  {member.photo ? (
                    <ResponsiveImage
                      className="team-card__photo"
                      image={member.photo}
                      alt={member.photo.alt}
                      sizes="140px"
                    />
                  ) : (
                    <span className="team-card__photo team-card__photo--empty" aria-hidden="true" />
                  )}
                  <h3 className="team-card__name">{member.name}</h3>
                  <p className="team-card__role">{member.role}</p>
                  <p className="team-card__bio">{member.bio}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
