import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  ForgotPasswordRequestSchema,
  MessageResultSchema,
  ResetPasswordRequestSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import { FORGOT_PASSWORD_MESSAGE, type PasswordResetService } from './password-reset.service.ts';

export interface PasswordResetRoutesOptions {
  passwordReset: PasswordResetService;
  /** Per client: forgot-password requests, and attempts to use a reset link. */
  rateLimits: { request: RateLimit; reset: RateLimit };
}

const tags = ['accounts'];

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  { passwordReset, rateLimits },
) => {
  app.post(
    apiPaths.forgotPassword,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'forgot-password', rateLimits.request), requireJson],
      schema: {
        tags,
        summary: 'Ask for a password reset link',
        description:
          'Always answers 200 with the same message, whether or not an account uses the address; when one ' +
          'does, it is emailed a link to `/reset-password?key=…&id=…` that works once, for one hour, and ' +
          'replaces any earlier link. 429 after too many requests from one client or for one address.',
        body: ForgotPasswordRequestSchema,
        response: {
          200: MessageResultSchema,
          400: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await passwordReset.requestReset(request.body.email);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'reset-password', rateLimits.reset), requireJson],
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        description:
          "The emailed link's `key` and `id` (as `userId`) and the new password. Signs the account out " +
          'everywhere. 400 `invalid_key` for a link that is wrong, used, replaced or expired; 400 ' +
          '`rest_invalid_param` for a weak password (the link still works then).',
        body: ResetPasswordRequestSchema,
        response: {
          200: MessageResultSchema,
          400: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await passwordReset.resetPassword(request.body);
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  );
};
