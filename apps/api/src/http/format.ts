/** WordPress dates: ISO without timezone. The shop runs on UTC, so local and GMT agree. */
export const formatWpDate = (date: Date): string => date.toISOString().slice(0, 19);

export const uploadsUrl = (file: string): string => `/wp-content/uploads/${file}`;

export const slugify = (value: string): string =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
