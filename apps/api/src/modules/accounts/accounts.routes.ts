import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
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
import { clearSessionCookies, setSessionCookies, type CookieSettings } from './sign-in-hook.ts';
import { signInClientKey, SignInThrottled } from './sign-in-throttle.ts';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  cookies: CookieSettings;
  rateLimits: { signUp: RateLimit; login: RateLimit };
}

const tags = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { accounts, cookies, rateLimits },
) => {
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
      onRequest: [requireJson],
      schema: {
        tags,
        summary: method === 'POST' ? 'Update your account' : 'Update your account (PUT)',
        description:
          'Names, email, billing and shipping address. Role, username, password and email verification ' +
          'cannot be changed here. 400 `woocommerce_rest_customer_invalid_email` for an email in use.',
        params: IdParamSchema,
        body: CustomerUpdateSchema,
        response: {
          200: CustomerSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
      handler: async (request) =>
        accounts.update(request.params.id, request.body, viewerFromRequest(request)),
    });
  }

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
