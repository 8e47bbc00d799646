import type { FastifyRequest } from 'fastify';
import { clientKey } from '../../http/client-key.ts';
import { ApiError } from '../../http/errors.ts';

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

interface Failures {
  count: number;
  lastMs: number;
}

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

/**
 * Counts failed sign-ins in this process's memory, per sign-in name (so unknown names behave like
 * known ones) and client, and per name alone. It slows guessing down and never locks anyone out.
 */
export function createSignInThrottle(options: SignInThrottleOptions) {
  const nowMs = () => options.now().getTime();
  /** name → client → failures */
  const perClient = new Map<string, Map<string, Failures>>();
  const perAccount = new Map<string, Failures>();
  /** name → client → until when it is spared the per-account slowdown */
  const trusted = new Map<string, Map<string, number>>();
  let writesSinceSweep = 0;

  const fresh = (failures: Failures | undefined): Failures | undefined =>
    failures && nowMs() - failures.lastMs < options.forgetAfterMs ? failures : undefined;
  const waitMs = (failures: Failures | undefined, slowdown: Slowdown) =>
    failures ? failures.lastMs + delayAfter(failures.count, slowdown) - nowMs() : 0;
  const isTrusted = (login: string, client: string) =>
    (trusted.get(login)?.get(client) ?? 0) > nowMs();
  const bump = (failures: Failures | undefined): Failures => ({
    count: (fresh(failures)?.count ?? 0) + 1,
    lastMs: nowMs(),
  });

  /** Drops forgotten entries now and then, so names nobody has tried again do not pile up. */
  function sweep() {
    if (++writesSinceSweep < 1000) return;
    writesSinceSweep = 0;
    for (const [login, clients] of perClient) {
      for (const [client, failures] of clients) if (!fresh(failures)) clients.delete(client);
      if (clients.size === 0) perClient.delete(login);
    }
    for (const [login, failures] of perAccount) if (!fresh(failures)) perAccount.delete(login);
    for (const [login, clients] of trusted) {
      for (const [client, until] of clients) if (until <= nowMs()) clients.delete(client);
      if (clients.size === 0) trusted.delete(login);
    }
  }

  return {
    /** Throws SignInThrottled while this client must wait before trying this name again. */
    check(login: string, client: string): void {
      let wait = waitMs(fresh(perClient.get(login)?.get(client)), options.perClient);
      if (!isTrusted(login, client)) {
        wait = Math.max(wait, waitMs(fresh(perAccount.get(login)), options.perAccount));
      }
      if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000));
    },

    failed(login: string, client: string): void {
      const clients = perClient.get(login) ?? new Map<string, Failures>();
      clients.set(client, bump(clients.get(client)));
      perClient.set(login, clients);
      perAccount.set(login, bump(perAccount.get(login)));
      sweep();
    },

    succeeded(login: string, client: string): void {
      perClient.get(login)?.delete(client);
      const clients = trusted.get(login) ?? new Map<string, number>();
      clients.set(client, nowMs() + options.trustedForMs);
      trusted.set(login, clients);
      sweep();
    },

    /** After a password reset: the guesses counted so far were against a password that is gone. */
    clearAccount(logins: string[]): void {
      for (const login of logins) {
        perClient.delete(login);
        perAccount.delete(login);
      }
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
