import { parse } from 'node:querystring';

/**
 * The query as WordPress (PHP) reads it: a repeated name takes its last value, and `name[]=a&
 * name[]=b` is the list `a,b`, the comma-separated form the shop's list parameters take. The
 * official WooCommerce client sends a parameter twice when it also signs it (`per_page` over
 * OAuth), and every value is a string, so no schema meets an array it did not ask for.
 */
export function parseQueryString(text: string): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  const lists: [string, string][] = [];
  for (const [rawName, value] of Object.entries(parse(text))) {
    const values = Array.isArray(value) ? value : [value ?? ''];
    if (rawName.length > 2 && rawName.endsWith('[]')) {
      lists.push([rawName.slice(0, -2), values.join(',')]);
    } else {
      query[rawName] = values.at(-1) ?? '';
    }
  }
  // `name=x` beside `name[]=y`: the list is what the client meant to send.
  for (const [name, list] of lists) query[name] = list;
  return query;
}
