import { paginationHeaders } from '@larder/contract';

export type Query = Record<string, string | number | boolean | undefined>;

/** The path with the query's set values; an empty or missing value asks for nothing. */
export function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One page of a list, with WordPress's X-WP-Total and X-WP-TotalPages. */
export interface ListPage<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export async function listPageOf<T>(response: Response): Promise<ListPage<T>> {
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get(paginationHeaders.total) ?? items.length);
  const totalPages = Number(response.headers.get(paginationHeaders.totalPages) ?? 1);
  return { items, total, totalPages: Math.max(1, totalPages) };
}
