import { describe, expect, it } from 'vitest';
import { demoShop } from '../../test/shop.ts';
import { absoluteUrl, canonicalUrl, pageSeoMeta, seoMeta } from './seo.ts';

const args = (pathname: string, search = '') => ({
  location: { pathname, search },
  matches: [
    { id: 'root', data: { siteConfig: { publicUrl: 'https://larder.example/', shop: demoShop } } },
  ],
});

const find = (tags: ReturnType<typeof seoMeta>, key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as
    Record<string, unknown> | undefined;

describe('canonicalUrl', () => {
  it('drops tracking parameters and keeps the meaningful ones in a stable order', () => {
    expect(
      canonicalUrl(
        'https://x.test',
        '/shop',
        '?utm_source=mail&sort=price&category=classic&fbclid=1',
        ['sort', 'category'],
      ),
    ).toBe('https://x.test/shop?category=classic&sort=price');
  });

  it('drops a trailing slash but keeps the home page at /', () => {
    expect(canonicalUrl('https://x.test', '/about/')).toBe('https://x.test/about');
    expect(canonicalUrl('https://x.test', '/', '?utm_campaign=x')).toBe('https://x.test/');
  });
});

describe('absoluteUrl', () => {
  it('makes an upload path absolute and leaves a full URL alone', () => {
    expect(absoluteUrl('https://x.test', '/wp-content/uploads/a.jpg')).toBe(
      'https://x.test/wp-content/uploads/a.jpg',
    );
    expect(absoluteUrl('https://x.test', 'https://cdn.test/a.jpg')).toBe('https://cdn.test/a.jpg');
  });
});

describe('seoMeta', () => {
  it('cuts a long description before a word, with an ellipsis', () => {
    const description =
      'Think of the top of an apple crisp, then make it breakfast. Chewy dried apples from an ' +
      'orchard near Hendersonville, soft Ceylon cinnamon and a touch of brown butter flavor.';
    const content = find(
      seoMeta(args('/shop/apple'), { title: 'Apple Crisp', description }),
      'name',
      'description',
    )?.content as string;
    expect(content).toBe(
      'Think of the top of an apple crisp, then make it breakfast. Chewy dried apples from an ' +
        'orchard near Hendersonville, soft Ceylon cinnamon and a touch of brown…',
    );
  });

  it('gives title, description, canonical, Open Graph and a Twitter card', () => {
    const tags = seoMeta(args('/blog/apple-crisp', '?utm_source=x'), {
      title: 'Apple crisp',
      description: 'A crumble for autumn.',
      image: '/wp-content/uploads/crisp.jpg',
      type: 'article',
    });
    expect(tags[0]).toEqual({ title: 'Apple crisp | Larder & Oat' });
    expect(find(tags, 'name', 'description')?.content).toBe('A crumble for autumn.');
    expect(find(tags, 'rel', 'canonical')?.href).toBe('https://larder.example/blog/apple-crisp');
    expect(find(tags, 'property', 'og:url')?.content).toBe(
      'https://larder.example/blog/apple-crisp',
    );
    expect(find(tags, 'property', 'og:title')?.content).toBe('Apple crisp');
    expect(find(tags, 'property', 'og:type')?.content).toBe('article');
    expect(find(tags, 'property', 'og:site_name')?.content).toBe('Larder & Oat');
    expect(find(tags, 'property', 'og:image')?.content).toBe(
      'https://larder.example/wp-content/uploads/crisp.jpg',
    );
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary_large_image');
  });

  it('leaves out og:image without an image and uses the small card', () => {
    const tags = seoMeta(args('/about'), { title: 'About' });
    expect(find(tags, 'property', 'og:image')).toBeUndefined();
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary');
  });

  it('adds one ld+json block per structured-data object', () => {
    const tags = seoMeta(args('/'), {
      title: 'Home',
      jsonLd: [{ '@type': 'Organization' }, { '@type': 'WebSite' }],
    });
    expect(tags.filter((tag) => 'script:ld+json' in tag)).toEqual([
      { 'script:ld+json': { '@type': 'Organization' } },
      { 'script:ld+json': { '@type': 'WebSite' } },
    ]);
  });

  it('marks a 404 noindex, without canonical or social tags', () => {
    const tags = seoMeta(args('/nope'), { title: undefined });
    expect(tags[0]).toEqual({ title: 'Page not found | Larder & Oat' });
    expect(find(tags, 'name', 'robots')?.content).toBe('noindex');
    expect(find(tags, 'rel', 'canonical')).toBeUndefined();
    expect(find(tags, 'property', 'og:title')).toBeUndefined();
  });

  it('marks a private page noindex but keeps its canonical address', () => {
    const tags = seoMeta(args('/cart'), { title: 'Cart', noindex: true });
    expect(find(tags, 'name', 'robots')?.content).toBe('noindex');
    expect(find(tags, 'rel', 'canonical')?.href).toBe('https://larder.example/cart');
  });
});

describe('pageSeoMeta', () => {
  const loaderData = {
    chrome: { headerTitle: 'About Us', headerImage: { src: '/wp-content/uploads/hero.jpg' } },
    page: { summary: 'Two bakers and an oven in Durham.' },
  };

  it("takes the title, description and image from the page's hero and summary", () => {
    const tags = pageSeoMeta({ ...args('/about'), loaderData });
    expect(tags[0]).toEqual({ title: 'About Us | Larder & Oat' });
    expect(find(tags, 'name', 'description')?.content).toBe('Two bakers and an oven in Durham.');
    expect(find(tags, 'property', 'og:image')?.content).toBe(
      'https://larder.example/wp-content/uploads/hero.jpg',
    );
    expect(find(tags, 'name', 'robots')).toBeUndefined();
  });

  it("adds the route's own settings, and marks a page that failed to load as not found", () => {
    expect(
      find(pageSeoMeta({ ...args('/my-account'), loaderData }, { noindex: true }), 'name', 'robots')
        ?.content,
    ).toBe('noindex');
    const missing = pageSeoMeta({ ...args('/nowhere'), loaderData: undefined });
    expect(missing[0]).toEqual({ title: 'Page not found | Larder & Oat' });
  });
});
