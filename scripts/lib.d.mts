// Types for the parts of lib.mjs that TypeScript callers (the browser tests) use.
export const root: string;

export interface BuiltServer {
  url: string;
  stop(): Promise<void>;
}

export function startBuiltServer(options: {
  port: number;
  env?: Record<string, string>;
}): Promise<BuiltServer>;
