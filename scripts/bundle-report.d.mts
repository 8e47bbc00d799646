// Types for the parts of bundle-report.mjs that TypeScript callers (the browser tests) use.
import type { Browser } from 'playwright';

export const PRODUCT_BUDGET_KB: number;

export function firstLoadScripts(
  browser: Browser,
  url: string,
): Promise<{ count: number; raw: number; gzip: number }>;
