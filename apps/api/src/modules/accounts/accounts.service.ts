import type {
  Customer,
  CustomerCreateSchema,
  OwnerCustomerListQuery,
  OwnerCustomerUpdate,
  CustomerUpdateSchema,
  LoginRequestSchema,
  PasswordChangeRequestSchema,
} from '@larder/contract';
import {
  formatCents,
  isOwnerRole,
  MoneyInputError,
  parseMoneyInput,
  paymentTermsLabel,
  TWO_FACTOR_REQUIRED,
  type TwoFactorSetup,
  type WholesaleTermsUpdateSchema,
} from '@larder/contract';
import type { z } from 'zod';
import type { StoredAddress } from '../../db/schema.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { passwordChangedEmail, welcomeEmail } from '../mail/account-emails.ts';
import { toWholesaleTerms, type InvoiceStanding } from '../orders/invoice-accounts.ts';
import type { Email, Mailer } from '../mail/mailer.ts';
import { isUniqueViolation, type AccountsRepo, type CustomerRow } from './accounts.repo.ts';
import { hashPassword, spendVerifyTime, verifyPassword, weakPasswordReason } from './passwords.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { newSessionId, sessionIdHash, type TokenSigner } from './tokens.ts';
import { acceptedStep, newTwoFactorSetup } from './two-factor.ts';

type CustomerCreateInput = z.output<typeof CustomerCreateSchema>;
type CustomerUpdateInput = z.output<typeof CustomerUpdateSchema>;
type LoginInput = z.output<typeof LoginRequestSchema>;
type PasswordChangeInput = z.output<typeof PasswordChangeRequestSchema>;
type WholesaleTermsInput = z.output<typeof WholesaleTermsUpdateSchema>;

export interface AccountsServiceOptions {
  signer: TokenSigner;
  /** How long "remember me" keeps a customer signed in. */
  rememberDays: number;
  /** Without "remember me" the cookie ends with the browser; the session also ends on the server. */
  browserSessionHours: number;
  /** Owners' sessions: never remembered, and shorter, since they can refund and change prices. */
  ownerSessionHours: number;
  /** The issuer an authenticator app shows beside an owner's two-factor codes. */
  shopName: string;
  /** Slows repeated failed sign-ins down; shared with the password reset, which clears it. */
  throttle: SignInThrottle;
  /** Where a new email goes until its link is opened. */
  emailChange: EmailChangeService;
  /** Records an owner's change of a customer's role. */
  activity: ActivityService;
  /** The welcome and password-changed e-mails; their failure is logged, never the customer's. */
  mailer: Mailer;
  /** The shop's origin, for the e-mails' links. */
  publicUrl: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

export interface SignedIn {
  token: string;
  customer: CustomerRow;
  expiresAt: Date;
  remember: boolean;
}

const EMPTY_ADDRESS: StoredAddress = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: '',
  phone: '',
};

export const signInRequired = () =>
  new ApiError(401, 'woocommerce_rest_cannot_view', 'Please sign in to see your account.');
const notYours = () =>
  new ApiError(403, 'woocommerce_rest_cannot_view', 'Sorry, you cannot view this account.');
/** Sign-up's answer for a taken email; applying for wholesale with a new account answers the same. */
export const emailTaken = () =>
  new ApiError(
    400,
    'registration-error-email-exists',
    'An account is already registered with this email address. Sign in, or reset your password.',
    { email: 'An account already uses this email address.' },
  );
const unknownCustomer = () =>
  new ApiError(404, 'woocommerce_rest_invalid_id', 'Invalid resource ID.');
const ownerAccount = () =>
  new ApiError(
    403,
    'woocommerce_rest_cannot_edit',
    'An owner’s account cannot be changed here: only customers and wholesale buyers can be moved.',
  );
const roleNames: Record<CustomerRow['role'], string> = {
  customer: 'retail customer',
  wholesale_customer: 'wholesale buyer',
  administrator: 'administrator',
  shop_manager: 'shop manager',
};
const wrongCredentials = () =>
  new ApiError(401, 'jwt_auth_failed', 'The email, username or password is incorrect.');

const twoFactorRequired = () =>
  new ApiError(
    401,
    TWO_FACTOR_REQUIRED,
    'Enter the 6-digit code from your authenticator app to finish signing in.',
  );

const wrongCode = (status = 401) =>
  new ApiError(
    status,
    'two_factor_invalid',
    'That code is not right, or was used already. Enter the code your app shows now.',
    { code: 'Enter the code your authenticator app shows now.' },
  );

/** The customer record in WooCommerce's shape: no password hash, no session data. */
export function toCustomer(
  row: CustomerRow,
  isPaying = false,
  standing?: InvoiceStanding,
): Customer {
  const billing = { ...EMPTY_ADDRESS, email: '', ...row.billing };
  const { email: _unused, ...shipping } = { ...EMPTY_ADDRESS, ...row.shipping };
  return {
    id: row.id,
    date_created: formatWpDate(row.createdAt),
    date_created_gmt: formatWpDate(row.createdAt),
    date_modified: formatWpDate(row.modifiedAt),
    date_modified_gmt: formatWpDate(row.modifiedAt),
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    username: row.username,
    billing: { ...billing, email: billing.email ?? '' },
    shipping,
    is_paying_customer: isPaying,
    avatar_url: '',
    meta_data: row.metaData,
    wholesale: toWholesaleTerms(row, standing),
  };
}

export function viewerOf(row: CustomerRow, sessionHash?: string): Viewer {
  return {
    isGuest: false,
    customerId: row.id,
    role: row.role,
    canSeeWholesale: row.role === 'wholesale_customer',
    isOwner: isOwnerRole(row.role),
    ...(sessionHash ? { sessionIdHash: sessionHash } : {}),
  };
}

export function createAccountsService(repo: AccountsRepo, options: AccountsServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { throttle } = options;

  async function notify(email: Email, what: string): Promise<void> {
    try {
      await options.mailer.send(email);
    } catch (error) {
      options.log.error({ err: error }, `could not email ${what}`);
    }
  }
  const mailboxOf = (row: CustomerRow) => ({
    name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    address: row.email,
  });

  function assertStrong(password: string, email: string) {
    const reason = weakPasswordReason(password, email);
    if (reason) throw invalidParam('password', reason);
  }

  /** The account a viewer may read or change: their own, or any for the shop owner. */
  async function accessible(id: number, viewer: Viewer): Promise<CustomerRow> {
    if (viewer.isGuest) throw signInRequired();
    if (viewer.customerId !== id && !viewer.isOwner) throw notYours();
    const row = await repo.findById(id);
    if (!row) throw unknownCustomer();
    return row;
  }

  /** True when `code` is right for `secret` now and its time step was not spent; spends it. */
  async function spendCode(customer: CustomerRow, secret: string, code: string) {
    const step = acceptedStep(secret, code, customer.totpLastStep, now());
    return step !== null && (await repo.claimTotpStep(customer.id, step));
  }

  /** The signed-in owner's row: two-factor sign-in is for the accounts that run the shop. */
  async function ownerRow(viewer: Viewer): Promise<CustomerRow> {
    if (viewer.isGuest) throw signInRequired();
    const row = await repo.findById(viewer.customerId);
    if (!row) throw signInRequired();
    if (!isOwnerRole(row.role)) {
      throw new ApiError(403, 'rest_forbidden', 'Two-factor sign-in is for owner accounts.');
    }
    return row;
  }

  const withPaying = async (row: CustomerRow) =>
    toCustomer(
      row,
      await repo.isPayingCustomer(row.id),
      (await repo.invoiceStandings([row.id], now())).get(row.id),
    );

  return {
    async twoFactorStatus(viewer: Viewer): Promise<{ enabled: boolean }> {
      return { enabled: Boolean((await ownerRow(viewer)).totpSecret) };
    },

    /** A new secret to scan; sign-in asks for codes only once `enableTwoFactor` confirms one. */
    async startTwoFactorSetup(viewer: Viewer): Promise<TwoFactorSetup> {
      const row = await ownerRow(viewer);
      if (row.totpSecret) {
        throw new ApiError(409, 'two_factor_enabled', 'Two-factor sign-in is already on.');
      }
      const setup = await newTwoFactorSetup(options.shopName, row.email);
      await repo.update(row.id, { totpPendingSecret: setup.secret });
      return setup;
    },

    async enableTwoFactor(viewer: Viewer, code: string): Promise<void> {
      const row = await ownerRow(viewer);
      if (!row.totpPendingSecret) {
        throw new ApiError(
          409,
          'two_factor_not_started',
          'Start the setup first: scan a new code.',
        );
      }
      if (!(await spendCode(row, row.totpPendingSecret, code))) throw wrongCode(400);
      await repo.update(row.id, { totpSecret: row.totpPendingSecret, totpPendingSecret: null });
    },

    /** Needs a current code, so a session left open on another computer cannot turn it off. */
    async disableTwoFactor(viewer: Viewer, code: string): Promise<void> {
      const row = await ownerRow(viewer);
      if (!row.totpSecret) {
        throw new ApiError(409, 'two_factor_disabled', 'Two-factor sign-in is already off.');
      }
      if (!(await spendCode(row, row.totpSecret, code))) throw wrongCode(400);
      await repo.update(row.id, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    },

    async signUp(input: CustomerCreateInput): Promise<Customer> {
      const email = input.email.toLowerCase();
      assertStrong(input.password, email);
      try {
        const row = await repo.insert({
          email,
          username: email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
          billing: {
            ...EMPTY_ADDRESS,
            first_name: input.first_name,
            last_name: input.last_name,
            email,
          },
        });
        await notify(
          welcomeEmail(mailboxOf(row), row.firstName, options.shopName, {
            account: `${options.publicUrl}/my-account`,
            shop: `${options.publicUrl}/shop`,
          }),
          'a welcome message',
        );
        return toCustomer(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw emailTaken();
      }
    },

    /** `client` is who is signing in (signInClientKey): failures are counted per name and client. */
    async login(input: LoginInput, client: string): Promise<SignedIn> {
      const login = input.username.toLowerCase();
      await throttle.check(login, client);
      const customer = await repo.findByLogin(login);
      const valid = customer
        ? await verifyPassword(customer.passwordHash, input.password)
        : (await spendVerifyTime(input.password), false);
      if (!customer || !valid) {
        await throttle.failed(login, client);
        throw wrongCredentials();
      }
      if (customer.totpSecret) {
        if (!input.otp) throw twoFactorRequired();
        if (!(await spendCode(customer, customer.totpSecret, input.otp))) {
          await throttle.failed(login, client);
          throw wrongCode();
        }
      }
      await throttle.succeeded(login, client);

      const sessionId = newSessionId();
      const createdAt = now();
      const owner = isOwnerRole(customer.role);
      const remember = input.remember && !owner;
      const lifetimeMs = remember
        ? options.rememberDays * 86_400_000
        : (owner ? options.ownerSessionHours : options.browserSessionHours) * 3_600_000;
      const expiresAt = new Date(createdAt.getTime() + lifetimeMs);
      await repo.createSession({
        idHash: sessionIdHash(sessionId),
        customerId: customer.id,
        remember,
        createdAt,
        expiresAt,
      });
      const token = await options.signer.sign({ customerId: customer.id, sessionId }, expiresAt);
      return { token, customer, expiresAt, remember };
    },

    /** The viewer a token stands for, or null when it is invalid, expired or signed out. */
    async viewerForToken(token: string): Promise<Viewer | null> {
      const claims = await options.signer.verify(token);
      if (!claims) return null;
      const hash = sessionIdHash(claims.sessionId);
      const customer = await repo.findSessionCustomer(hash, now());
      if (!customer || customer.id !== claims.customerId) return null;
      return viewerOf(customer, hash);
    },

    async logout(viewer: Viewer): Promise<void> {
      if (viewer.sessionIdHash) await repo.endSession(viewer.sessionIdHash, now());
    },

    async get(id: number, viewer: Viewer): Promise<Customer> {
      return withPaying(await accessible(id, viewer));
    },

    /** The owner's customer list, every role unless filtered. */
    async list(query: OwnerCustomerListQuery): Promise<{ customers: Customer[]; total: number }> {
      const { rows, total } = await repo.list({
        search: query.search?.trim() || undefined,
        role: query.role === 'all' ? undefined : query.role,
        orderby: query.orderby,
        order: query.order,
        limit: query.per_page,
        offset: pageOffset({ page: query.page, perPage: query.per_page }),
      });
      const standings = await repo.invoiceStandings(
        rows.map(({ row }) => row.id),
        now(),
      );
      return {
        customers: rows.map(({ row, isPaying }) =>
          toCustomer(row, isPaying, standings.get(row.id)),
        ),
        total,
      };
    },

    /**
     * An owner moves a shopper between retail and wholesale. Owners' accounts are never changed
     * here (nor can anyone be made an owner: the role's schema has no owner roles). The viewer is
     * read from the database on every request, so the customer's next request has the new role.
     */
    async changeRole(id: number, input: OwnerCustomerUpdate, owner: Viewer): Promise<Customer> {
      const row = await repo.findById(id);
      if (!row) throw unknownCustomer();
      if (isOwnerRole(row.role)) throw ownerAccount();
      if (row.role === input.role) return withPaying(row);
      const updated = await repo.transaction(async (tx) => {
        // Conditional on the role read above: an account made an owner meanwhile stays untouched.
        const changed = await repo.setShopperRole(id, input.role, tx);
        if (!changed) throw ownerAccount();
        const name = `${changed.firstName} ${changed.lastName}`.trim() || changed.email;
        await options.activity.record(
          owner,
          {
            action: 'customer.role',
            subjectType: 'customer',
            subjectId: id,
            summary: `${name} (${changed.email}) moved from ${roleNames[row.role]} to ${roleNames[changed.role]}`,
          },
          tx,
        );
        return changed;
      });
      return withPaying(updated);
    },

    /**
     * An owner gives a wholesale account payment terms and a credit limit, or takes them away
     * (`terms` none). 400 for a retail or owner account, terms without a limit, or a limit that
     * is not an amount; the change and its old values go to the activity log.
     */
    async setWholesaleTerms(
      id: number,
      input: WholesaleTermsInput,
      owner: Viewer,
    ): Promise<Customer> {
      const terms = input.terms === 'none' ? null : input.terms;
      let limitCents: number | null = null;
      if (terms !== null) {
        if (input.credit_limit === undefined || input.credit_limit === null) {
          throw invalidParam(
            'wholesale.credit_limit',
            'Give a credit limit with the terms, such as "1000.00".',
          );
        }
        try {
          limitCents = parseMoneyInput(input.credit_limit);
        } catch (error) {
          if (!(error instanceof MoneyInputError)) throw error;
          throw invalidParam(
            'wholesale.credit_limit',
            `The credit limit must be an amount of 0 or more: ${error.message}.`,
          );
        }
      }
      const row = await repo.findById(id);
      if (!row) throw unknownCustomer();
      if (terms !== null && row.role !== 'wholesale_customer') {
        throw invalidParam(
          'wholesale',
          `Payment terms are for approved wholesale accounts; this is a ${roleNames[row.role]}'s account. Approve it for wholesale first.`,
        );
      }
      const describe = (value: typeof terms, cents: number | null) =>
        value === null ? 'no terms' : `${paymentTermsLabel(value)}, limit ${formatCents(cents!)}`;
      const before = describe(row.paymentTerms, row.creditLimitCents);
      const after = describe(terms, limitCents);
      if (before === after) return withPaying(row);
      const updated = await repo.transaction(async (tx) => {
        const changed = await repo.update(
          id,
          { paymentTerms: terms, creditLimitCents: limitCents },
          tx,
        );
        const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
        await options.activity.record(
          owner,
          {
            action: 'customer.terms',
            subjectType: 'customer',
            subjectId: id,
            summary: `${name} (${row.email}): ${before} → ${after}`,
          },
          tx,
        );
        return changed!;
      });
      return withPaying(updated);
    },

    /**
     * The customer's own details; first and last name follow the billing names unless sent. A new
     * email needs the viewer's current password and is only requested here (decision 0019): the
     * answer is the same whether or not another account uses the address.
     */
    async update(id: number, input: CustomerUpdateInput, viewer: Viewer): Promise<Customer> {
      const row = await accessible(id, viewer);
      const newEmail = input.email?.toLowerCase();
      const changesEmail = newEmail !== undefined && newEmail !== row.email;
      if (changesEmail) {
        if (!input.current_password) {
          throw invalidParam(
            'current_password',
            'Enter your current password to change your email address.',
          );
        }
        // The shop owner changing a customer's address proves it is them with their own password.
        const signedIn =
          viewer.customerId === row.id ? row : await repo.findById(viewer.customerId);
        if (!signedIn || !(await verifyPassword(signedIn.passwordHash, input.current_password))) {
          throw invalidParam('current_password', 'Your current password is not right.');
        }
      }
      const updated = await repo.update(id, {
        firstName: input.first_name ?? input.billing?.first_name,
        lastName: input.last_name ?? input.billing?.last_name,
        ...(input.billing ? { billing: input.billing } : {}),
        ...(input.shipping ? { shipping: { ...input.shipping, phone: '' } } : {}),
      });
      if (changesEmail) options.emailChange.requestChange(updated!, newEmail);
      return withPaying(updated!);
    },

    /** Needs the current password; every other signed-in device is signed out. */
    async changePassword(viewer: Viewer, input: PasswordChangeInput): Promise<void> {
      if (viewer.isGuest || !viewer.sessionIdHash) throw signInRequired();
      const row = await repo.findById(viewer.customerId);
      if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
        throw invalidParam('current_password', 'Your current password is not right.');
      }
      assertStrong(input.password, row.email);
      await repo.update(row.id, { passwordHash: await hashPassword(input.password) });
      await repo.endOtherSessions(row.id, viewer.sessionIdHash, now());
      await options.emailChange.cancel(row.id);
      await notify(
        passwordChangedEmail(
          mailboxOf(row),
          options.shopName,
          `${options.publicUrl}/forgot-password`,
        ),
        'a password-changed notice',
      );
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
