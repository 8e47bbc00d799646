export const serverBundle: string;
export const buildStamp: string;
/** The text of dist/server.js, which loads `bundleFile` with NODE_ENV defaulting to production. */
export function serverEntry(bundleFile: string): string;
export function buildAll(): Promise<void>;
