import { data } from 'react-router';
import { isNotFound, type ShopApi } from '../../lib/api/index.ts';
import { decodeEntities } from '../../lib/text.ts';
import { toContentPage, type ContentPage } from './content-data.ts';

export interface NotFoundData {
  page: ContentPage | null;
  /** The hero title: the page's header title, else its title (as for every content page). */
  heading: string;
}

/** The 404 the storefront throws: status 404, with the seeded `page-not-found` page for the error boundary. */
export async function notFoundResponse(api: ShopApi) {
  const page = await api.getPageBySlug('page-not-found').catch(() => null);
  const heading = page
    ? decodeEntities(page.acf.header_title || page.title.rendered)
    : 'Page not found';
  return data<NotFoundData>({ page: page ? toContentPage(page) : null, heading }, { status: 404 });
}

/** Awaits an API call, turning the API's 404 into the storefront's 404 page. */
export async function orNotFound<T>(api: ShopApi, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFound(error)) throw await notFoundResponse(api);
    throw error;
  }
}
