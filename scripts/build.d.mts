export const serverBundle: string;
export const buildStamp: string;
/** The text of dist/server.js, which loads `bundleFile` with NODE_ENV defaulting to production. */
export function serverEntry(bundleFile: string): string;
export function buildAll(): Promise<void>;
/** Bundles one API entry point (npm packages left external) into `outfile`, under apps/api. */
export function bundleApiEntry(entry: string, outfile: string): Promise<void>;
