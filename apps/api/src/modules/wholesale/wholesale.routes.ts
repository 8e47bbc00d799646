import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  WHOLESALE_CERTIFICATE,
  wholesaleAddressField,
  WholesaleApplicationResultSchema,
  WholesaleApplicationSchema,
} from '@larder/contract';
import type { RateLimit } from '../../config.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { unstorableText } from '../../http/nul-guard.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { limitPerClient } from '../../http/write-guards.ts';
import type { CertificateUpload, WholesaleService } from './wholesale.service.ts';

export interface WholesaleRoutesOptions {
  wholesale: WholesaleService;
  rateLimit: RateLimit;
}

const TEXT_FIELDS = [
  'business_name',
  'contact_name',
  'email',
  'password',
  'phone',
  'tax_id',
  'sales_channels',
  'monthly_volume',
] as const;
const ADDRESS_KEYS = Object.keys(WholesaleApplicationSchema.shape.address.shape);

/** Busboy's limits: one file of the allowed size, a few short text fields. */
const LIMITS = {
  files: 1,
  fileSize: WHOLESALE_CERTIFICATE.maxBytes,
  fields: 40,
  // The longest field (sales_channels) is 2000 characters: up to 8000 bytes of UTF-8.
  fieldSize: 16 * 1024,
  parts: 41,
  headerPairs: 20,
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The multipart plugin's limit errors as the API's own 413s. */
function limitError(error: unknown): ApiError | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(
        413,
        'wholesale_certificate_too_large',
        `The certificate is larger than ${megabytes(WHOLESALE_CERTIFICATE.maxBytes)}. Attach a smaller file.`,
        { certificate: `Attach a file of at most ${megabytes(WHOLESALE_CERTIFICATE.maxBytes)}.` },
      );
    case 'FST_FILES_LIMIT':
      return new ApiError(413, 'rest_invalid_request', 'Attach one certificate file only.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(413, 'rest_invalid_request', 'The application has too many fields.');
    default:
      return null;
  }
}

const tooLong = (field: string) =>
  new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${field}`, {
    [field]: 'This is too long.',
  });

/** Reads the multipart body: its text fields by name, and the certificate (at most one file). */
async function readApplication(request: FastifyRequest) {
  const fields = new Map<string, string>();
  let certificate: CertificateUpload | undefined;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'certificate') certificate = { content, filename: part.filename };
      } else {
        if (part.valueTruncated) throw tooLong(part.fieldname);
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Anything else the parser throws is a malformed body (no boundary, cut short): the client's.
    throw (
      limitError(error) ??
      new ApiError(400, 'rest_invalid_request', 'The form could not be read. Please send it again.')
    );
  }
  const bad =
    unstorableText(Object.fromEntries(fields)) ??
    unstorableText(certificate?.filename, 'certificate');
  if (bad) throw invalidParam(bad.param, bad.message);
  return { fields, certificate };
}

/** The fields in the contract's shape; empty ones count as not sent. */
function applicationOf(fields: Map<string, string>) {
  const value = (name: string) => (fields.get(name)?.trim() ? fields.get(name) : undefined);
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, value(name)])),
    address: Object.fromEntries(
      ADDRESS_KEYS.map((key) => [key, value(wholesaleAddressField(key))]),
    ),
  };
}

export const wholesaleRoutes: FastifyPluginAsyncZod<WholesaleRoutesOptions> = async (
  app,
  { wholesale, rateLimit },
) => {
  // Only this plugin's routes take multipart bodies.
  await app.register(fastifyMultipart, { limits: LIMITS });

  // One counter for both spellings of the path.
  const limit = limitPerClient(app, 'wholesale-registration', rateLimit);
  const withoutSlash = apiPaths.wholesaleRegistration.replace(/\/$/, '');
  for (const url of [apiPaths.wholesaleRegistration, withoutSlash]) {
    app.post(
      url,
      {
        onRequest: [limit],
        schema: {
          tags: ['wholesale'],
          summary:
            url === withoutSlash
              ? 'Apply for a wholesale account (without the trailing slash)'
              : 'Apply for a wholesale account',
          description:
            '`multipart/form-data`: business_name, contact_name, email, phone, tax_id, sales_channels, ' +
            'monthly_volume (under-50, 50-200, 200-500, over-500), the address as `address[company]`, ' +
            '`address[address_1]`, `address[address_2]`, `address[city]`, `address[state]`, ' +
            '`address[postcode]`, `address[country]`, and the `certificate` file (PDF, PNG or JPEG, judged ' +
            `by its content; at most ${megabytes(WHOLESALE_CERTIFICATE.maxBytes)}). A visitor also sends ` +
            "a password and gets a new customer account; a signed-in customer sends their account's email. " +
            'Stored as pending; the shop owner and the applicant are emailed. 400 `rest_invalid_param` with ' +
            'messages keyed by field name, or `registration-error-email-exists`; 409 when an application ' +
            'is already pending for the account; 413 for a file too large; 415 for a file that is not a ' +
            'PDF, PNG or JPEG, or a body that is not multipart; 429 after too many applications from one client.',
          consumes: ['multipart/form-data'],
          response: {
            201: WholesaleApplicationResultSchema,
            400: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            429: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new ApiError(
            415,
            'rest_unsupported_media_type',
            'Send the application as multipart/form-data, with the certificate as a file.',
          );
        }
        const { fields, certificate } = await readApplication(request);
        const parsed = WholesaleApplicationSchema.safeParse(applicationOf(fields));
        const params: Record<string, string> = {};
        for (const issue of parsed.error?.issues ?? []) {
          const [first, second] = issue.path.map(String);
          const name = first === 'address' && second ? wholesaleAddressField(second) : first!;
          params[name] ??= issue.message;
        }
        if (!certificate) {
          params.certificate =
            'Attach your resale or tax-exemption certificate (PDF, PNG or JPEG).';
        }
        if (!parsed.success || !certificate) {
          throw new ApiError(
            400,
            'rest_invalid_param',
            `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
            params,
          );
        }
        const result = await wholesale.apply(parsed.data, certificate, viewerFromRequest(request));
        return reply.code(201).send(result);
      },
    );
  }
};
