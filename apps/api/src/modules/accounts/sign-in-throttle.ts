import type { FastifyRequest } from 'fastify';
import { clientKey } from '../../http/client-key.ts';
import { ApiError } from '../../http/errors.ts';
import type { SharedCounters, Tally } from '../../http/shared-counters.ts';

/** The client a failed sign-in is counted against, as the rate limits count it (IPv6 by its /64). */
export const signInClientKey = (request: FastifyRequest): string => clientKey(request.ip);

/** After `freeFailures` failures, each further try waits `firstDelayMs`, doubling up to `maxDelayMs`. */
export interface Slowdown {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface SignInThrottleOptions {
  /** One client guessing one account's password. */
  perClient: Slowdown;
  /** Every client together, against guessing spread over many addresses; clients that signed in before are spared. */
  perAccount: Slowdown;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
  /** How long a client that signed in is spared the per-account slowdown. */
  trustedForMs: number;
  now: () => Date;
}

/** decision 0019: 5 free tries per client and account, then 2 s doubling to 15 minutes. */
export const DEFAULT_SIGN_IN_THROTTLE: Omit<SignInThrottleOptions, 'now'> = {
  perClient: { freeFailures: 5, firstDelayMs: 2000, maxDelayMs: 15 * 60_000 },
  perAccount: { freeFailures: 50, firstDelayMs: 10_000, maxDelayMs: 5 * 60_000 },
  forgetAfterMs: 60 * 60_000,
  trustedForMs: 30 * 86_400_000,
};

/** Refused before the password is checked, for known and unknown sign-in names alike. */
export class SignInThrottled extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'jwt_auth_too_many_attempts',
      `Too many failed sign-ins for this account. Wait ${retryAfterSeconds} seconds and try again, or reset your password.`,
    );
  }
}

const delayAfter = (failures: number, slowdown: Slowdown): number =>
  failures < slowdown.freeFailures
    ? 0
    : Math.min(
        slowdown.firstDelayMs * 2 ** (failures - slowdown.freeFailures),
        slowdown.maxDelayMs,
      );

const keyPart = (text: string) => encodeURIComponent(text);
/** Counts password resets, so the per-client counts from before the last reset are not read. */
const passwordResets = (login: string) => `sign-in:resets:${keyPart(login)}`;
const clientFailures = (login: string, resets: number, client: string) =>
  `sign-in:failures:${keyPart(login)}:${resets}:${keyPart(client)}`;
const accountFailures = (login: string) => `sign-in:failures:${keyPart(login)}`;
const trustedClient = (login: string, client: string) =>
  `sign-in:trusted:${keyPart(login)}:${keyPart(client)}`;

/**
 * Counts failed sign-ins in the shared counters (Redis with several processes, so guesses spread
 * over them add up), per sign-in name (so unknown names behave like known ones) and client, and per
 * name alone. It slows guessing down and never locks anyone out.
 */
export function createSignInThrottle(counters: SharedCounters, options: SignInThrottleOptions) {
  const nowMs = () => options.now().getTime();
  const failuresKept = { ttlMs: options.forgetAfterMs, extend: true };
  const waitMs = (failures: Tally | undefined, slowdown: Slowdown) =>
    failures ? failures.lastMs + delayAfter(failures.count, slowdown) - nowMs() : 0;
  const resetsOf = async (login: string) =>
    (await counters.read(passwordResets(login)))?.count ?? 0;

  return {
    /** Throws SignInThrottled while this client must wait before trying this name again. */
    async check(login: string, client: string): Promise<void> {
      const [perClient, trusted, perAccount] = await Promise.all([
        resetsOf(login).then((resets) => counters.read(clientFailures(login, resets, client))),
        counters.read(trustedClient(login, client)),
        counters.read(accountFailures(login)),
      ]);
      let wait = waitMs(perClient, options.perClient);
      if (!trusted) wait = Math.max(wait, waitMs(perAccount, options.perAccount));
      if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000));
    },

    async failed(login: string, client: string): Promise<void> {
      const resets = await resetsOf(login);
      await Promise.all([
        counters.add(clientFailures(login, resets, client), failuresKept),
        counters.add(accountFailures(login), failuresKept),
      ]);
    },

    /** The client's failures are forgotten and it is spared the per-account slowdown a while. */
    async succeeded(login: string, client: string): Promise<void> {
      const resets = await resetsOf(login);
      await Promise.all([
        counters.remove([clientFailures(login, resets, client)]),
        counters.add(trustedClient(login, client), { ttlMs: options.trustedForMs, extend: true }),
      ]);
    },

    /** After a password reset: the guesses counted so far were against a password that is gone. */
    async clearAccount(logins: string[]): Promise<void> {
      // Kept as long as the failures it hides: once it is forgotten, so are they.
      await Promise.all(logins.map((login) => counters.add(passwordResets(login), failuresKept)));
      await counters.remove(logins.map(accountFailures));
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
