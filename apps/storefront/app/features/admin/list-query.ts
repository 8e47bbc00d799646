/** The address with some query parameters set, or removed (`undefined`). */
export function hrefWith(
  location: { pathname: string; search: string },
  changes: Record<string, string | undefined>,
) {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** A number of the page query (`?page=3`), 1 when missing or not a page. */
export function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
