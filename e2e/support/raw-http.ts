import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}

/**
 * One HTTP/1.1 exchange written byte for byte (no client rewrites the target or the framing): the
 * head, then `body` chunks one after another until the server answers or the chunks run out.
 * The server may close while chunks are still on their way; what it answered is what counts.
 */
export function rawExchange(
  baseURL: string,
  head: string,
  body: Iterable<string | Buffer> = [],
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    const finish = () => {
      const text = Buffer.concat(received).toString('utf8');
      if (text.includes('\r\n\r\n')) resolve(parse(text));
      else reject(new Error(`No answer: ${JSON.stringify(text.slice(0, 200))}`));
    };
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('close', finish);
    // A reset after the answer (the server stopped reading a body it refused) ends the exchange.
    socket.on('error', () => socket.destroy());
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of body) {
        if (received.length > 0 || socket.destroyed) break;
        if (!socket.write(chunk)) {
          await new Promise<void>((done) => {
            socket.once('drain', done);
            socket.once('close', done);
          });
        }
      }
    });
  });
}
