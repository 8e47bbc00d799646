import type { Page, Post, TeamMember, Location } from '@larder/contract';
import type { ResponsiveImageData } from '../../components/ui/responsive-image.tsx';
import { decodeEntities, stripTags } from '../../lib/text.ts';

/** The slice of a page a route ships to the browser: loader data is serialised into every HTML response. */
export interface ContentPage {
  slug: string;
  title: string;
  html: string;
  summary: string;
}

/** The hero holds the page's only <h1> (spec: one h1 per page), so headings in the body start at h2. */
export function demoteH1(html: string): string {
  return html.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2');
}

export function toContentPage(page: Page): ContentPage {
  return {
    slug: page.slug,
    title: decodeEntities(page.title.rendered),
    html: demoteH1(page.content.rendered),
    summary: stripTags(page.excerpt.rendered),
  };
}

export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  author: string;
  image: (ResponsiveImageData & { alt: string }) | null;
}

export function toPostSummary(post: Post): PostSummary {
  return {
    slug: post.slug,
    title: decodeEntities(post.title.rendered),
    excerpt: stripTags(post.excerpt.rendered),
    date: post.date,
    author: post.author_info.name,
    image: post.featured_image
      ? {
          src: post.featured_image.src,
          alt: post.featured_image.alt,
          width: post.featured_image.width,
          height: post.featured_image.height,
          sizes: post.featured_image.sizes,
        }
      : null,
  };
}

export interface TeamMemberSummary {
  id: number;
  name: string;
  role: string;
  bio: string;
  photo: (ResponsiveImageData & { alt: string }) | null;
}

/** Spec §3: the member's photo is the embedded featured media. */
export function toTeamMember(member: TeamMember): TeamMemberSummary {
  const media = member._embedded?.['wp:featuredmedia']?.[0];
  const name = decodeEntities(member.title.rendered);
  return {
    id: member.id,
    name,
    role: member.acf.role,
    bio: member.acf.short_bio,
    photo: media
      ? {
          src: media.source_url,
          alt: media.alt_text || name,
          width: media.media_details.width,
          height: media.media_details.height,
          sizes: media.media_details.sizes,
        }
      : null,
  };
}

export interface LocationSummary {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  cityLine: string;
  phone: string;
  website: string;
  latitude: number;
  longitude: number;
}

export function toLocation(location: Location): LocationSummary {
  const { acf } = location;
  return {
    id: location.id,
    name: decodeEntities(location.title.rendered),
    address: acf.address,
    city: acf.city.trim(),
    state: acf.state.trim(),
    postcode: acf.postcode,
    country: acf.country,
    cityLine: `${acf.city}, ${acf.state} ${acf.postcode}`.trim(),
    phone: acf.phone,
    website: acf.website,
    latitude: acf.latitude,
    longitude: acf.longitude,
  };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** UTC, so the server and the browser print the same day. */
export function formatDate(iso: string): string {
  const date = new Date(iso.endsWith('Z') || /[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
