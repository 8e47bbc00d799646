import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  ConfirmEmailRequestSchema,
  ConfirmEmailResultSchema,
  CustomerCreateSchema,
  CustomerSchema,
  CustomerUpdateSchema,
  IdParamSchema,
  LoginFailureSchema,
  LoginRequestSchema,
  LoginResultSchema,
  MessageResultSchema,
  PasswordChangeRequestSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ApiError } from '../../http/errors.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import { signInRequired, type AccountsService } from './accounts.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import { clearSessionCookies, setSessionCookies, type CookieSettings } from './sign-in-hook.ts';
import { signInClientKey, SignInThrottled } from './sign-in-throttle.ts';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  emailChange: EmailChangeService;
  cookies: CookieSettings;
  rateLimits: { signUp: RateLimit; login: RateLimit; profileUpdate: RateLimit };
}

const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { accounts, emailChange, cookies, rateLimits },
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
  const profileUpdateLimits = [limitPerClient(app, rateLimits.profileUpdate), limitPerAccount];
  app.post(
    apiPaths.customers,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, rateLimits.signUp), requireJson],
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
      onRequest: [limitPerClient(app, rateLimits.login), requireJson],
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
        summary: method === 'POST' ? 'Update your account' : 'Update your account (PUT)',
        description:
          'Names, email, billing and shipping address. Role, username and password cannot be changed ' +
          'here. A new `email` needs `current_password` (400 `rest_invalid_param` naming it otherwise) ' +
          'and is not applied at once: a link to `/my-account/confirm-email?key=…&id=…` (24 hours, ' +
          'once) is emailed to it, the old address is told, and the answer still shows the old ' +
          'address, alike whether or not another account uses the new one. 429 after too many saves ' +
          'from one client or for one account.',
        params: IdParamSchema,
        body: CustomerUpdateSchema,
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
      handler: async (request) =>
        accounts.update(request.params.id, request.body, viewerFromRequest(request)),
    });
  }

  app.post(
    apiPaths.confirmEmail,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, rateLimits.login), requireJson],
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
      onRequest: [limitPerClient(app, rateLimits.login), requireJson],
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
