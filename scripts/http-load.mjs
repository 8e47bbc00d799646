// The bench's HTTP client: kept-alive HTTP/1.1 connections that read each answer into one buffer
// shared by all of them, keeping only its status (and its text when asked). On two cores the load
// generator's CPU is taken from the shop it measures: autocannon spent 2.9 ms of CPU on each
// 460 KB products list it received (it joins every body into a string) and node:http 1.0 ms on
// each order history, more than the shop spent making them; this spends about 0.1 ms
// (docs/decisions/0063-the-bench-measures-the-shop-not-its-client.md).
import net from 'node:net';

/** Every connection reads into this: an answer's bytes are counted, or copied when kept. */
const readBuffer = Buffer.allocUnsafe(256 * 1024);
const HEAD_END = Buffer.from('\r\n\r\n');

class Connection {
  /** The answer being read: its resolve/reject, and what has arrived of it. */
  #pending = null;

  constructor({ hostname, port }, onIdle, onClose) {
    this.onIdle = onIdle;
    this.socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: { buffer: readBuffer, callback: (length) => this.#read(length) },
    });
    this.socket.setNoDelay(true);
    this.socket.on('error', (error) => this.#fail(error));
    this.socket.on('close', () => {
      this.#fail(new Error('the shop closed the connection'));
      onClose(this);
    });
  }

  request(bytes, keepText) {
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject, keepText, head: null, left: -1, status: 0, chunks: [] };
      this.socket.write(bytes);
    });
  }

  #fail(error) {
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }

  #read(length) {
    const pending = this.#pending;
    if (!pending) return;
    let bytes = readBuffer.subarray(0, length);
    if (pending.left < 0) {
      // The status line and headers, which may arrive over several reads.
      if (pending.head) bytes = Buffer.concat([pending.head, bytes]);
      const end = bytes.indexOf(HEAD_END);
      if (end < 0) {
        pending.head = Buffer.from(bytes);
        return;
      }
      const head = bytes.toString('latin1', 0, end);
      const contentLength = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!contentLength) {
        this.#fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        this.socket.destroy();
        return;
      }
      pending.status = Number(head.slice(9, 12));
      pending.left = Number(contentLength[1]);
      bytes = bytes.subarray(end + HEAD_END.length);
    }
    const body = bytes.subarray(0, pending.left);
    // Kept when asked for, and always for an error, whose text says what went wrong.
    if (pending.keepText || pending.status >= 300) pending.chunks.push(Buffer.from(body));
    pending.left -= body.length;
    if (pending.left > 0) return;
    this.#pending = null;
    pending.resolve({ status: pending.status, text: Buffer.concat(pending.chunks).toString() });
    this.onIdle(this);
  }
}

/**
 * At most this many connections per origin, as node:http's agent was set: past the shop's
 * capacity, requests queue here rather than as thousands of sockets in the shop's backlog.
 */
const MAX_CONNECTIONS = 512;

/** Kept-alive connections per origin, opened as requests need them. */
const pools = new Map();

function poolFor(origin) {
  let pool = pools.get(origin);
  if (pool) return pool;
  const url = new URL(origin);
  const open = new Set();
  const idle = new Set();
  /** Requests waiting for a connection, first come first served. */
  const waiting = [];
  const release = (connection) => {
    const next = waiting.shift();
    if (next) next(connection);
    else idle.add(connection);
  };
  pool = {
    host: url.host,
    take() {
      const [kept] = idle;
      if (kept) {
        idle.delete(kept);
        return kept;
      }
      if (open.size >= MAX_CONNECTIONS) return new Promise((resolve) => waiting.push(resolve));
      const connection = new Connection(url, release, (closed) => {
        open.delete(closed);
        idle.delete(closed);
        // A request waiting for it gets a new connection instead.
        if (waiting.length > 0 && open.size < MAX_CONNECTIONS) release(pool.take());
      });
      open.add(connection);
      return connection;
    },
    close: () => {
      for (const connection of open) connection.socket.destroy();
    },
  };
  pools.set(origin, pool);
  return pool;
}

/**
 * One request, resolved with the answer's text (empty unless `answer` is set) once all of it has
 * arrived; rejected for a status of 300 or more, with the shop's message.
 */
export async function send(url, { method = 'GET', headers = {}, body, answer = false } = {}) {
  const { origin, pathname, search } = new URL(url);
  const pool = poolFor(origin);
  const payload = body === undefined ? null : Buffer.from(body);
  const lines = [`${method} ${pathname}${search} HTTP/1.1`, `host: ${pool.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const connection = await pool.take();
  const { status, text } = await connection.request(
    payload ? Buffer.concat([head, payload]) : head,
    answer,
  );
  if (status >= 300) throw new Error(`${method} ${url}: ${status} ${text}`);
  return text;
}

/** Closes every kept connection, so the bench's process can end. */
export function closeConnections() {
  for (const pool of pools.values()) pool.close();
  pools.clear();
}
