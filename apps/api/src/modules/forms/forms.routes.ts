import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  ContactSubmissionSchema,
  FormResultSchema,
  NewsletterResultSchema,
  NewsletterSignupSchema,
} from '@larder/contract';
import type { Config } from '../../config.ts';
import { FORM_BODY_LIMIT, limitPerClient, requireJson } from '../../http/write-guards.ts';
import type { FormsService } from './forms.service.ts';

export interface FormsRoutesOptions {
  forms: FormsService;
  rateLimits: Pick<Config['rateLimits'], 'contact' | 'newsletter'>;
}

const errors = {
  400: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};

export const formsRoutes: FastifyPluginAsyncZod<FormsRoutesOptions> = async (
  app,
  { forms, rateLimits },
) => {
  app.post(
    apiPaths.formSubmit,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'contact', rateLimits.contact), requireJson],
      schema: {
        tags: ['forms'],
        summary:
          'Send the contact form (form_id 1; fields 1 first name, 2 last name, 3 email, 4 phone, 5 message)',
        description:
          'Stores the message and emails the shop owner with the visitor as reply-to. Errors are 400 ' +
          '`rest_invalid_param` with messages keyed by the numbered field, e.g. `{"3": "Enter a valid email address."}`; ' +
          'any form_id but 1 is an error on `form_id`. `website` is a honeypot: when filled, the answer looks ' +
          'the same but nothing is stored or sent. 429 `rest_rate_limited` after too many messages from one client.',
        body: ContactSubmissionSchema,
        response: { 201: FormResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await forms.submitContact(request.body)),
  );

  app.post(
    apiPaths.newsletter,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [limitPerClient(app, 'newsletter', rateLimits.newsletter), requireJson],
      schema: {
        tags: ['forms'],
        summary: 'Sign up to the newsletter',
        description:
          'Each address is stored once, whatever its letter case: 201 with `created: true` for a new address, ' +
          '200 with `created: false` for one already on the list. 400 `rest_invalid_param` for a bad address.',
        body: NewsletterSignupSchema,
        response: { 200: NewsletterResultSchema, 201: NewsletterResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await forms.subscribe(request.body.email);
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
};
