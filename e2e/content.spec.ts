import type { Location, TeamMember } from '@larder/contract';
import { apiPaths } from '@larder/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { decodeEntities, pageHeading, shopApi } from './support/shop-api';

test.describe('blog', () => {
  test('the blog lists every post with its title, author and date', async ({ page, request }) => {
    const posts = await shopApi(request).posts();
    await page.goto('/blog');
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(posts.length);
    const first = posts[0]!;
    await expect(cards.first().getByRole('heading')).toHaveText(
      decodeEntities(first.title.rendered),
    );
    await expect(cards.first()).toContainText(first.author_info.name);
    await expect(cards.first().locator('time')).toHaveAttribute('datetime', first.date);
  });

  test('a reader follows next, then previous, and lands back on the first post', async ({
    page,
    request,
  }) => {
    const posts = await shopApi(request).posts();
    expect(posts.length).toBeGreaterThan(2);
    const [first, second] = [posts[1]!, posts[2]!];
    await gotoHydrated(page, `/blog/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      decodeEntities(first.title.rendered),
    );
    await expect(page.getByTestId('post-author')).toHaveText(first.author_info.name);
    // The first post in list order has no previous link; this one has both.
    await expect(page.getByTestId('post-previous')).toContainText(
      decodeEntities(posts[0]!.title.rendered),
    );

    await page.getByTestId('post-next').click();
    await expect(page).toHaveURL(`/blog/${second.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      decodeEntities(second.title.rendered),
    );
    await expect(page.getByTestId('post-author')).toHaveText(second.author_info.name);

    await page.getByTestId('post-previous').click();
    await expect(page).toHaveURL(`/blog/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      decodeEntities(first.title.rendered),
    );
  });

  test('the first post has no previous link and the last no next link', async ({
    page,
    request,
  }) => {
    const posts = await shopApi(request).posts();
    await page.goto(`/blog/${posts[0]!.slug}`);
    await expect(page.getByTestId('post-next')).toBeVisible();
    await expect(page.getByTestId('post-previous')).toHaveCount(0);
    await page.goto(`/blog/${posts.at(-1)!.slug}`);
    await expect(page.getByTestId('post-previous')).toBeVisible();
    await expect(page.getByTestId('post-next')).toHaveCount(0);
  });
});

test.describe('content pages', () => {
  for (const slug of [
    'privacy-policy',
    'terms-and-conditions',
    'shipping-policy',
    'minority-business-enterprise-certification',
    'wholesale',
  ]) {
    test(`/${slug} shows its hero title and a sanitised body`, async ({ page, request }) => {
      const source = await shopApi(request).page(slug);
      await page.goto(`/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageHeading(source));
      const body = page.getByTestId('content-page');
      await expect(body).toHaveAttribute('data-slug', slug);
      await expect(body.locator('script, iframe, [onclick], [onerror]')).toHaveCount(0);
      const firstWords = decodeEntities(source.content.rendered.replace(/<[^>]*>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 30);
      await expect(body).toContainText(firstWords);
    });
  }

  test('about shows the team in menu order with photos from the embedded media', async ({
    page,
    request,
  }) => {
    const response = await request.get(
      `${apiPaths.team}?_embed=1&orderby=menu_order&order=asc&per_page=100`,
    );
    const team = ((await response.json()) as TeamMember[]).sort(
      (a, b) => a.menu_order - b.menu_order,
    );
    expect(team.length).toBeGreaterThan(0);
    await page.goto('/about');
    const cards = page.getByTestId('team-list').locator('li');
    await expect(cards).toHaveCount(team.length);
    for (const [index, member] of team.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading')).toHaveText(decodeEntities(member.title.rendered));
      await expect(card).toContainText(member.acf.role);
      await expect(card).toContainText(member.acf.short_bio);
      const media = member._embedded?.['wp:featuredmedia']?.[0];
      expect(media, `${member.slug} has embedded media`).toBeDefined();
      await expect(card.locator('img')).toHaveAttribute('src', media!.source_url);
    }
  });
});

async function locations(request: APIRequestContext) {
  const response = await request.get(`${apiPaths.locations}?_embed=1&per_page=100`);
  return (await response.json()) as Location[];
}

test.describe('where to buy', () => {
  test('every stockist has its address, phone, website and a directions link in a new tab', async ({
    page,
    request,
  }) => {
    const all = await locations(request);
    await page.goto('/where-to-buy');
    await expect(page.getByTestId('location-card')).toHaveCount(all.length);
    const store = all[0]!;
    const name = decodeEntities(store.title.rendered);
    const card = page
      .getByTestId('location-card')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText(store.acf.address);
    await expect(card.getByRole('link', { name: store.acf.phone })).toHaveAttribute(
      'href',
      /^tel:/,
    );
    const directions = card.getByRole('link', { name: `Directions to ${name}`, exact: true });
    await expect(directions).toHaveAttribute('target', '_blank');
    const href = new URL((await directions.getAttribute('href'))!);
    expect(href.searchParams.get('destination')).toContain(store.acf.address);
  });

  test('filtering by state narrows the list, keeps the filter in the URL and can be cleared', async ({
    page,
    request,
  }) => {
    const all = await locations(request);
    const inVirginia = all.filter((store) => store.acf.state === 'VA');
    expect(inVirginia.length).toBeGreaterThan(0);
    await gotoHydrated(page, '/where-to-buy');
    await page.getByLabel('State').selectOption('VA');
    await page.getByRole('button', { name: 'Show stores' }).click();
    await expect(page).toHaveURL(/[?&]state=VA\b/);
    await expect(page.getByTestId('location-card')).toHaveCount(inVirginia.length);
    await expect(page.getByTestId('location-card').first()).toContainText(', VA ');
    await expect(page.getByTestId('locator-status')).toContainText(
      `Showing ${inVirginia.length} of ${all.length} stockists in VA`,
    );

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/where-to-buy$/);
    await expect(page.getByTestId('location-card')).toHaveCount(all.length);
  });

  test('a filtered view is server-rendered from the URL, with a clear empty state', async ({
    request,
  }) => {
    const all = await locations(request);
    const raleigh = all.filter((store) => store.acf.state === 'NC' && store.acf.city === 'Raleigh');
    const html = await (await request.get('/where-to-buy?state=NC&city=Raleigh')).text();
    expect(html.match(/data-testid="location-card"/g)?.length).toBe(raleigh.length);
    expect(html).not.toContain('Carytown Kitchen Supply');

    const empty = await (await request.get('/where-to-buy?state=VA&city=Durham')).text();
    expect(empty).toContain('No stockists in Durham, VA yet.');
    expect(empty).not.toContain('data-testid="location-card"');
  });

  test('near me puts the closest store first with its distance', async ({
    page,
    context,
    request,
  }) => {
    const all = await locations(request);
    const target = all.find((store) => store.acf.city === 'Charleston') ?? all.at(-1)!;
    await context.grantPermissions(['geolocation']);
    // A few streets from the store.
    await context.setGeolocation({
      latitude: target.acf.latitude + 0.01,
      longitude: target.acf.longitude + 0.01,
    });
    await gotoHydrated(page, '/where-to-buy');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByTestId('locator-status')).toContainText('Sorted by distance from you');
    const first = page.getByTestId('location-card').first();
    await expect(first.getByRole('heading')).toHaveText(decodeEntities(target.title.rendered));
    await expect(first.getByTestId('location-distance')).toHaveText(/^0\.\d mi away$/);
    await expect(page.getByTestId('location-distance')).toHaveCount(all.length);
  });

  test('near me explains itself when location access is refused', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, permissions: [] });
    const page = await context.newPage();
    // Refuse the request the way a visitor's "Block" does.
    await page.addInitScript(() => {
      Object.defineProperty(navigator.geolocation, 'getCurrentPosition', {
        value: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
            message: 'denied',
          } as GeolocationPositionError),
      });
    });
    await gotoHydrated(page, '/where-to-buy');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByTestId('locator-status')).toContainText(
      'Location access was not allowed',
    );
    await expect(page.getByTestId('location-distance')).toHaveCount(0);
    await context.close();
  });
});
