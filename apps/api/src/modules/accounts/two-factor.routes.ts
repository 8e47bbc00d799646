import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  MessageResultSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ownerErrorResponses, requireOwner } from '../../http/owner-guard.ts';
import { PRIVATE_CACHE_CONTROL } from '../../http/read-cache.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { AccountsService } from './accounts.service.ts';

export interface TwoFactorRoutesOptions {
  accounts: AccountsService;
  /** Codes are six digits: the sign-in limit keeps them from being guessed here instead. */
  rateLimit: RateLimit;
}

const tags = ['accounts'];
const errors = {
  400: ApiErrorSchema,
  ...ownerErrorResponses,
  409: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** An owner's optional two-factor sign-in (TOTP, RFC 6238): status, setup, enable, disable. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (
  app,
  { accounts, rateLimit },
) => {
  app.get(
    apiPaths.twoFactor,
    {
      onRequest: [requireOwner('view')],
      schema: {
        tags,
        summary: 'Whether your sign-in asks for a code (owners)',
        response: { 200: TwoFactorStatusSchema, ...ownerErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return accounts.twoFactorStatus(viewerFromRequest(request));
    },
  );

  app.post(
    `${apiPaths.twoFactor}/setup`,
    {
      onRequest: [requireOwner('edit'), limitPerClient(app, 'two-factor-setup', rateLimit)],
      schema: {
        tags,
        summary: 'Start two-factor sign-in: a new secret and its QR code (owners)',
        description:
          'Nothing changes at sign-in until `POST /two-factor/enable` confirms a code from the new ' +
          'secret. 409 when two-factor sign-in is already on.',
        response: { 200: TwoFactorSetupSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The secret is shown once; no cache may keep it.
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return accounts.startTwoFactorSetup(viewerFromRequest(request));
    },
  );

  for (const [action, summary] of [
    ['enable', 'Turn two-factor sign-in on with a code from the new secret (owners)'],
    ['disable', 'Turn two-factor sign-in off; needs a current code (owners)'],
  ] as const) {
    app.post(
      `${apiPaths.twoFactor}/${action}`,
      {
        bodyLimit: FORM_BODY_LIMIT,
        onRequest: [
          requireOwner('edit'),
          limitPerClient(app, `two-factor-${action}`, rateLimit),
          requireJson,
        ],
        schema: {
          tags,
          summary,
          body: TwoFactorCodeSchema,
          response: { 200: MessageResultSchema, ...errors },
        },
      },
      async (request) => {
        const viewer = viewerFromRequest(request);
        if (action === 'enable') {
          await accounts.enableTwoFactor(viewer, request.body.code);
          return { message: 'Two-factor sign-in is on. Each sign-in now asks for a code.' };
        }
        await accounts.disableTwoFactor(viewer, request.body.code);
        return { message: 'Two-factor sign-in is off.' };
      },
    );
  }
};
