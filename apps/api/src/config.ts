import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: httpUrl.default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NEWSLETTER_SIGNUP_URL: httpUrl.default('https://larderandoat.substack.com/subscribe'),
  SEED_DEMO_DATA: booleanFlag.default(true),
  MIGRATIONS_DIR: z.string().min(1).optional(),
});

export interface Config {
  port: number;
  host: string;
  /** PGlite keeps its files in `${dataDir}/db`. */
  dataDir: string;
  /** When set, PostgreSQL through `pg` instead of the embedded PGlite. */
  databaseUrl?: string;
  /** Absolute origin used for `link` and `permalink` fields, without a trailing slash. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  newsletterSignupUrl: string;
  seedDemoData: boolean;
  /** Overrides where drizzle's migrations are read from (default: `apps/api/drizzle`). */
  migrationsDir?: string;
}

/** Thrown by loadConfig with one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; empty strings count as unset so `.env` templates can leave values blank. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in EnvSchema.shape && value !== undefined && value.trim() !== ''),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}: ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`;
    });
    throw new ConfigError(problems);
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    publicUrl: parsed.PUBLIC_URL,
    logLevel: parsed.LOG_LEVEL,
    newsletterSignupUrl: parsed.NEWSLETTER_SIGNUP_URL,
    seedDemoData: parsed.SEED_DEMO_DATA,
    migrationsDir: parsed.MIGRATIONS_DIR,
  };
}
