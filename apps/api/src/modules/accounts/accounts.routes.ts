import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  apiPaths,
  ConfirmEmailRequestSchema,
  ConfirmEmailResultSchema,
  CustomerCreateSchema,
  CustomerSchema,
  CustomerUpdateSchema,
  IdParamSchema,
  isOwnerRole,
  LoginFailureSchema,
  LoginRequestSchema,
  LoginResultSchema,
  MessageResultSchema,
  OwnerCustomerListQuerySchema,
  OwnerCustomerUpdateSchema,
  PasswordChangeRequestSchema,
  WholesaleTermsUpdateSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { requireOwner } from '../../http/owner-guard.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { viewerFromRequest, type Viewer } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import { signInRequired, type AccountsService } from './accounts.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import { clearSessionCookies, setSessionCookies, type CookieSettings } from './sign-in-hook.ts';
import { signInClientKey, SignInThrottled } from './sign-in-throttle.ts';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  publicUrl: string;
  emailChange: EmailChangeService;
  cookies: CookieSettings;
  rateLimits: { signUp: RateLimit; login: RateLimit; profileUpdate: RateLimit };
}

const tags = ['accounts'];

/**
 * One body for both kinds of update on `/customers/{id}`: a customer's own details, or (an owner's
 * body with `role`) the owner's change of a shopper's role. Any `role` is accepted here so that a
 * customer's body with one is still the details update it was, the role ignored.
 */
const CustomerOrRoleUpdateSchema = CustomerUpdateSchema.extend({
  role: z
    .unknown()
    .optional()
    .describe(
      'Owners only, sent on its own: `customer` or `wholesale_customer`. Ignored for anyone else.',
    ),
  wholesale: z
    .unknown()
    .optional()
    .describe(
      'Owners only, sent on its own: `{"terms": "net30", "credit_limit": "1000.00"}` (terms ' +
        '`net15`, `net30`, `net60` or `none`). Ignored for anyone else.',
    ),
});

/** The owner's payment terms for an account, when the body is one: `wholesale` alone. */
function ownerTermsChange(
  body: z.output<typeof CustomerOrRoleUpdateSchema>,
  viewer: Viewer,
): z.output<typeof WholesaleTermsUpdateSchema> | null {
  const { wholesale, ...rest } = body;
  if (!viewer.isOwner || wholesale === undefined) return null;
  const parsed = WholesaleTermsUpdateSchema.safeParse(wholesale);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidParam(['wholesale', ...issue.path].join('.'), issue.message);
  }
  const [other] = Object.keys(rest);
  if (other !== undefined) {
    throw invalidParam(other, 'Change the payment terms on their own: send only `wholesale`.');
  }
  return parsed.data;
}

/** The owner's role change, when the body is one: `role` alone, a shopper's role. */
function ownerRoleChange(
  body: z.output<typeof CustomerOrRoleUpdateSchema>,
  viewer: Viewer,
): z.output<typeof OwnerCustomerUpdateSchema> | null {
  const { role, wholesale: _terms, ...details } = body;
  if (!viewer.isOwner || role === undefined) return null;
  if (typeof role === 'string' && isOwnerRole(role)) {
    throw invalidParam(
      'role',
      'No one can be made an owner here (the command line makes owners): choose customer or wholesale_customer.',
    );
  }
  const parsed = OwnerCustomerUpdateSchema.safeParse({ role });
  if (!parsed.success) throw invalidParam('role', parsed.error.issues[0]!.message);
  const [other] = Object.keys(details);
  if (other !== undefined) {
    throw invalidParam(other, 'Change the role on its own: send only `role`.');
  }
  return parsed.data;
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { accounts, emailChange, cookies, rateLimits, publicUrl },
) => {
  // Counted per client and again per signed-in account, so neither many addresses nor many
  // accounts make room for probing which emails are taken or for sending many change mails.
  const perAccountSaves = app.createRateLimit({
    max: rateLimits.profileUpdate.max,
    timeWindow: rateLimits.profileUpdate.windowMs,
    keyGenerator: (request) => `account:${viewerFromRequest(request).customerId}`,
  });
  const limitPerAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    if (viewerFromRequest(request).isGuest) return;
    const limit = await perAccountSaves(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw new ApiError(
      429,
      'rest_rate_limited',
      `This account's details were saved several times in a short while. Please wait ${limit.ttlInSeconds} seconds and try again.`,
    );
  };
  const perClientSaves = limitPerClient(app, 'profile-update', rateLimits.profileUpdate);
  // The limits stop probing which emails are taken; an owner working through the customer list
  // changes many accounts in a row and is not held back by them.
  const profileUpdateLimits = [perClientSaves, limitPerAccount].map(
    (limit) =>
      async function unlessOwner(
        this: FastifyInstance,
        request: FastifyRequest,
        reply: FastifyReply,
      ) {
        if (viewerFromRequest(request).isOwner) return;
        await limit.call(this, request, reply);
      },
  );
  app.post(
    apiPaths.customers,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'sign-up', rateLimits.signUp), requireJson],
      schema: {
        tags,
        summary: 'Sign up',
        description:
          'Creates a customer account (role `customer`; no request can choose another). 400 ' +
          '`registration-error-email-exists` for a taken email, `rest_invalid_param` for a weak password.',
        body: CustomerCreateSchema,
        response: {
          201: CustomerSchema,
          400: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.signUp(request.body)),
  );

  app.post(
    apiPaths.token,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'sign-in', rateLimits.login), requireJson],
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'Email or username and password. Answers the token (for `Authorization: Bearer`) and sets the ' +
          'httpOnly session cookie plus the XSRF-TOKEN cookie for the browser; with `remember` they outlive ' +
          'the browser session. A refused sign-in is 401 with `success: false`. After 5 failures for one ' +
          'account from one client, that client waits 2 s, then twice as long after each further failure ' +
          '(429 with Retry-After); other clients are not affected until the account has had 50 failures.',
        body: LoginRequestSchema,
        response: {
          200: LoginResultSchema,
          400: ApiErrorSchema,
          // A refused sign-in, or (from the sign-in hook) a stale Bearer token sent along with it.
          401: LoginFailureSchema.or(ApiErrorSchema),
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await accounts.login(request.body, signInClientKey(request));
        setSessionCookies(reply, signedIn, cookies);
        return {
          success: true as const,
          message: 'You are signed in.',
          data: { token: signedIn.token, id: signedIn.customer.id },
        };
      } catch (error) {
        if (error instanceof SignInThrottled) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        return reply.code(401).send({
          success: false as const,
          code: error.code,
          message: error.message,
          data: { status: 401 },
        });
      }
    },
  );

  app.post(
    apiPaths.logout,
    {
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Ends the session on the server and clears the cookies. Harmless when signed out.',
        response: { 200: MessageResultSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await accounts.logout(viewerFromRequest(request));
      clearSessionCookies(reply, cookies);
      return { message: 'You are signed out.' };
    },
  );

  app.get(
    apiPaths.customers,
    {
      // Before validation (a preHandler would run after it): a guest gets 401, not 400.
      preValidation: requireOwner('view'),
      schema: {
        tags,
        summary: 'List customers (owners)',
        description:
          'Every account, newest first by default, for the shop’s owners (401 for guests, 403 for ' +
          'other accounts). `search` matches part of the email, first, last or full name, ignoring ' +
          'case; `role` filters by role (`all` by default); `orderby` is `id`, `name` (first then ' +
          'last name) or `registered_date`. `is_paying_customer` is true for a customer with a paid ' +
          'order (processing, completed or refunded). X-WP-Total and X-WP-TotalPages give the count.',
        querystring: OwnerCustomerListQuerySchema,
        response: {
          200: z.array(CustomerSchema),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { customers, total } = await accounts.list(request.query);
      setPaginationHeaders(
        request,
        reply,
        publicUrl,
        { page: request.query.page, perPage: request.query.per_page },
        total,
      );
      return customers;
    },
  );

  app.get(
    `${apiPaths.customers}/me`,
    {
      schema: {
        tags,
        summary: 'Get your own account',
        description:
          "The signed-in customer (by session cookie or Bearer token), like WordPress's `users/me`; 401 for guests.",
        response: { 200: CustomerSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const viewer = viewerFromRequest(request);
      if (viewer.isGuest) throw signInRequired();
      return accounts.get(viewer.customerId, viewer);
    },
  );

  app.get(
    `${apiPaths.customers}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a customer',
        description:
          'Your own account (or any, for the shop owner). 401 for guests, 403 for another account.',
        params: IdParamSchema,
        response: {
          200: CustomerSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => accounts.get(request.params.id, viewerFromRequest(request)),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: `${apiPaths.customers}/:id`,
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [...profileUpdateLimits, requireJson],
      schema: {
        tags,
        summary:
          method === 'POST'
            ? 'Update your account, or a customer’s role (owners)'
            : 'Update your account, or a customer’s role (owners; PUT)',
        description:
          'An owner sending `role` on its own moves a shopper between `customer` and ' +
          '`wholesale_customer` (effective from their next request; recorded in the activity log as ' +
          '`customer.role`); 400 `rest_invalid_param` for any other role or other fields sent with ' +
          'it, 403 `woocommerce_rest_cannot_edit` for an owner’s account, 404 for an unknown id. ' +
          'An owner sending `wholesale` on its own sets a wholesale account’s payment terms and ' +
          'credit limit (`{"terms": "net30", "credit_limit": "1000.00"}`, `terms` `none` removes ' +
          'them; `customer.terms` in the activity log); 400 `rest_invalid_param` for a retail ' +
          'account, terms without a limit, or a limit that is not an amount of 0 or more. ' +
          'Otherwise: names, email, billing and shipping address. Role, username and password cannot be changed ' +
          'here. A new `email` needs `current_password` (400 `rest_invalid_param` naming it otherwise) ' +
          'and is not applied at once: a link to `/my-account/confirm-email?key=…&id=…` (24 hours, ' +
          'once) is emailed to it, the old address is told, and the answer still shows the old ' +
          'address, alike whether or not another account uses the new one. 429 after too many saves ' +
          'from one client or for one account (owners are not limited).',
        params: IdParamSchema,
        body: CustomerOrRoleUpdateSchema,
        response: {
          200: CustomerSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
      handler: async (request) => {
        const viewer = viewerFromRequest(request);
        const termsChange = ownerTermsChange(request.body, viewer);
        if (termsChange) {
          return accounts.setWholesaleTerms(request.params.id, termsChange, viewer);
        }
        const roleChange = ownerRoleChange(request.body, viewer);
        if (roleChange) return accounts.changeRole(request.params.id, roleChange, viewer);
        return accounts.update(request.params.id, request.body, viewer);
      },
    });
  }

  app.post(
    apiPaths.confirmEmail,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'confirm-email', rateLimits.login), requireJson],
      schema: {
        tags,
        summary: 'Confirm a new email address',
        description:
          "The emailed link's `key` and `id` (as `userId`). Makes the account's address the new one and " +
          'signs the account out everywhere except this browser when it is signed in to that account. ' +
          'Opening a used link again answers the same while the address stays changed. 400 ' +
          '`invalid_key` for a link that is wrong, replaced, expired or cancelled by a new password.',
        body: ConfirmEmailRequestSchema,
        response: {
          200: ConfirmEmailResultSchema,
          400: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const customer = await emailChange.confirm(request.body, viewerFromRequest(request));
      return {
        message: `Your email address is now ${customer.email}. Sign in with it from now on.`,
        email: customer.email,
      };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'change-password', rateLimits.login), requireJson],
      schema: {
        tags,
        summary: 'Change your password',
        description:
          'Needs the current password. Other signed-in devices are signed out; this one stays signed in.',
        body: PasswordChangeRequestSchema,
        response: {
          200: MessageResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await accounts.changePassword(viewerFromRequest(request), request.body);
      return { message: 'Your password has been changed.' };
    },
  );
};
