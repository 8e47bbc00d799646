import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { healthPaths } from './health.ts';
import type { Config } from '../config.ts';

/** Where log lines go instead of stdout (tests). */
export interface LogStream {
  write(line: string): void;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only if it is short and plain: it is echoed in headers and logs. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Query parameters that carry a credential: order keys, reset keys, tokens. */
const SECRET_QUERY_PARAMS =
  /^(key|order_key|token|access_token|password|code|secret|id_token|consumer_secret|oauth_signature)$/i;

/** Anything secret a log line might carry, whatever object it sits in. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'token',
    'key',
    'order_key',
    'payment_token',
    'secret',
    'consumer_secret',
  ].flatMap((name) => [name, `*.${name}`]),
];

/** SQLSTATE: five digits or capitals, e.g. 23505 (unique violation). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** What a database error may tell the log: which rule failed, never a value or the statement. */
const SAFE_DATABASE_FIELDS = ['code', 'constraint', 'schema', 'table', 'column'] as const;
/** Drizzle's and PGlite's copies of the statement and its values; pg's `detail` quotes a value too. */
const UNSAFE_ERROR_FIELDS = new Set([
  'query',
  'params',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
]);

const isDatabaseError = (error: Error): boolean => {
  const fields = error as unknown as Record<string, unknown>;
  return (
    'params' in fields ||
    'query' in fields ||
    (typeof fields.code === 'string' && SQLSTATE.test(fields.code) && 'severity' in fields)
  );
};

const causesOf = (error: Error): Error[] => {
  const chain: Error[] = [];
  for (let link: unknown = error; link instanceof Error && !chain.includes(link); link = link.cause)
    chain.push(link);
  return chain;
};

/** A stack's frames without its first lines, which repeat the message. */
const stackFrames = (error: Error) =>
  (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * The log's `err` serializer. A database error (Drizzle's wrapper, pg's or PGlite's own) carries
 * the statement, every bound value (password hashes, order keys, addresses) and a message or
 * detail quoting a value: only its SQLSTATE, constraint, table and column are logged.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const chain = causesOf(error);
  if (chain.some(isDatabaseError)) {
    const coded = chain.find((link) => {
      const code = (link as unknown as Record<string, unknown>).code;
      return typeof code === 'string' && SQLSTATE.test(code);
    }) as unknown as Record<string, unknown> | undefined;
    const code = typeof coded?.code === 'string' ? coded.code : '(no SQLSTATE)';
    const fields: SerializedError = {
      type: 'DatabaseError',
      message: `database error ${code}`,
      stack: stackFrames(error),
    };
    for (const name of SAFE_DATABASE_FIELDS)
      if (typeof coded?.[name] === 'string') fields[name] = coded[name];
    return fields;
  }
  const fields: SerializedError = {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (key in fields || UNSAFE_ERROR_FIELDS.has(key)) continue;
    fields[key] = value instanceof Error ? serializeError(value) : value;
  }
  if (error.cause !== undefined) fields.cause = serializeError(error.cause);
  return fields;
}

/** `/reset-password?key=abc&id=3` → `/reset-password?key=[redacted]&id=3`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; it names no secret we know.
      }
      return SECRET_QUERY_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

const probePaths = new Set<string>(Object.values(healthPaths));
const isProbe = (request: FastifyRequest) => probePaths.has(request.url.split('?')[0]!);

/**
 * Fastify's request lines, with the method and URL on the completed line too (one line tells the
 * whole story), and the health probes' lines at debug so a load balancer does not flood the log.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log[isProbe(request) ? 'debug' : 'info']({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[isProbe(request) ? 'debug' : 'info'](line, 'request completed');
  }
}

/**
 * Fastify's logger: pino lines with the request id, method, redacted URL, status and response
 * time, and nothing secret. Tests pass `stream` to read the lines.
 */
export function loggerOptions(
  config: Config,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level: config.logLevel,
      redact: REDACTED_PATHS,
      serializers: {
        err: serializeError,
        req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
        }),
      },
      ...(stream ? { stream } : {}),
    },
    logController: new RequestLogController(),
    // genReqId decides: the header is honoured only when safe.
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const incoming = request.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
    },
  };
}

/** Every response names its request id, so a shopper's report can be matched to the logs. */
export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
