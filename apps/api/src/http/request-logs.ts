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
const SECRET_QUERY_PARAMS = /^(key|order_key|token|access_token|password|code|secret|id_token)$/i;

/** Anything secret a log line might carry, whatever object it sits in. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  ...['password', 'token', 'key', 'order_key', 'payment_token', 'secret'].flatMap((name) => [
    name,
    `*.${name}`,
  ]),
];

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
