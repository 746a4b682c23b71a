import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A request written byte for byte on its own socket, and the status it must get (any 4xx in the error shape when absent). */
export interface ParserCase {
  name: string;
  method: string;
  path: string;
  /** Writes the request; may pause (a slow client). */
  write(socket: net.Socket): Promise<void>;
  status?: number;
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
const send = (text: string) => async (socket: net.Socket) => void socket.write(text);
const json = (body: string, extra: string[] = []) =>
  send(
    head([
      'POST /api/search HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...extra,
    ]) + body,
  );

/** Larger than the default body limit (5 MB). */
const OVER_LIMIT = 5 * 1024 * 1024 + 1;

/**
 * What an HTTP parser and a body reader meet from hostile or broken clients: bad JSON, wrong content
 * types, bodies over the limit (declared and streamed), bad and oversized headers, smuggling-shaped
 * framing, bad chunks, and bodies and headers that trickle in slower than the request timeout.
 */
export const PARSER_CASES: ParserCase[] = [
  { name: 'JSON cut short', method: 'POST', path: '/api/search', write: json('{"query":'), status: 400 },
  { name: 'JSON with a lone surrogate escape', method: 'POST', path: '/api/search', write: json('{"query":"\\ud800 notes"}') },
  {
    name: 'a body as text/plain',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: text/plain',
        'Content-Length: 5',
        'Connection: close',
      ]) + 'hello',
    ),
    status: 400,
  },
  {
    name: 'a body of a type nothing reads',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/xml',
        'Content-Length: 8',
        'Connection: close',
      ]) + '<a>1</a>',
    ),
    status: 415,
  },
  {
    name: 'JSON declared as UTF-16',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json; charset=utf-16',
        'Content-Length: 2',
        'Connection: close',
      ]) + '{}',
    ),
  },
  {
    name: 'a form body to a JSON route',
    method: 'POST',
    path: '/api/v1/search',
    write: send(
      head([
        'POST /api/v1/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/x-www-form-urlencoded',
        'Content-Length: 3',
        'Connection: close',
      ]) + 'q=a',
    ),
  },
  {
    name: 'a declared length over the limit',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${OVER_LIMIT}`,
        'Connection: close',
      ]) + '{"query":"',
    ),
    status: 413,
  },
  {
    name: 'a chunked body streamed past the limit',
    method: 'POST',
    path: '/api/search',
    async write(socket) {
      socket.write(
        head([
          'POST /api/search HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
          'Connection: close',
        ]),
      );
      const chunk = 'a'.repeat(256 * 1024);
      for (let sent = 0; sent < OVER_LIMIT && !socket.destroyed; sent += chunk.length)
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    },
    status: 413,
  },
  {
    name: 'a control character in a header value',
    method: 'GET',
    path: '/api/v1/apps',
    write: send(head(['GET /api/v1/apps HTTP/1.1', 'Host: 127.0.0.1', 'X-Bad: a\u0001b', 'Connection: close'])),
    status: 400,
  },
  {
    name: 'headers over 16 KB',
    method: 'GET',
    path: '/api/v1/apps',
    write: send(head(['GET /api/v1/apps HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'b'.repeat(20 * 1024)}`, 'Connection: close'])),
    status: 431,
  },
  {
    name: 'Content-Length and Transfer-Encoding together',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 4',
        'Transfer-Encoding: chunked',
        'Connection: close',
      ]) + '0\r\n\r\n',
    ),
    status: 400,
  },
  {
    name: 'a Content-Length that is no number',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: abc',
        'Connection: close',
      ]),
    ),
    status: 400,
  },
  {
    name: 'a chunk size that is no number',
    method: 'POST',
    path: '/api/search',
    write: send(
      head([
        'POST /api/search HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        'Connection: close',
      ]) + 'zz\r\n{}\r\n0\r\n\r\n',
    ),
    status: 400,
  },
  {
    name: 'no Host header',
    method: 'GET',
    path: '/api/v1/apps',
    write: send(head(['GET /api/v1/apps HTTP/1.1', 'Connection: close'])),
    status: 400,
  },
  {
    name: 'a method HTTP does not have',
    method: 'BREW',
    path: '/api/v1/apps',
    write: send(head(['BREW /api/v1/apps HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close'])),
  },
  {
    name: 'a broken percent-encoding in the path',
    method: 'GET',
    path: '/api/v1/apps/:id',
    write: send(head(['GET /api/v1/apps/%E0%A4%A HTTP/1.1', 'Host: 127.0.0.1', 'Connection: close'])),
    status: 400,
  },
  {
    name: 'a body trickled one byte at a time',
    method: 'POST',
    path: '/api/search',
    async write(socket) {
      const body = JSON.stringify({ query: 'a client that sends its body slower than the request timeout' });
      socket.write(
        head([
          'POST /api/search HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${body.length}`,
        ]),
      );
      for (const char of body) {
        if (socket.destroyed || socket.readableEnded) return;
        socket.write(char);
        await sleep(100);
      }
    },
    status: 408,
  },
  {
    name: 'headers trickled one line at a time',
    method: 'GET',
    path: '/api/v1/apps',
    async write(socket) {
      socket.write('GET /api/v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      for (let line = 0; line < 100; line++) {
        if (socket.destroyed || socket.readableEnded) return;
        socket.write(`X-Slow-${line}: 1\r\n`);
        await sleep(100);
      }
    },
    status: 408,
  },
];

/** What a raw socket received: the status line's code (0 without one), headers and body. */
export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Connects, lets `write` write (and stall), and reads until the server closes the socket or a
 * complete response has arrived (at most 15 s: a server that neither answers nor closes is reported).
 */
export function sendRaw(port: number, write: (socket: net.Socket) => Promise<void>): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    };
    const timer = setTimeout(finish, 15_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isComplete(Buffer.concat(chunks).toString('utf8'))) finish();
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.on('connect', () => void write(socket).catch(() => undefined));
  });
}

function splitAnswer(text: string): { head: string; body: string } | null {
  const end = text.indexOf('\r\n\r\n');
  return end < 0 ? null : { head: text.slice(0, end), body: text.slice(end + 4) };
}

function isComplete(text: string): boolean {
  const parts = splitAnswer(text);
  const length = parts ? /\r\ncontent-length:\s*(\d+)/i.exec(`\r\n${parts.head}`)?.[1] : undefined;
  return parts !== null && length !== undefined && Buffer.byteLength(parts.body) >= Number(length);
}

function parseAnswer(text: string): RawAnswer {
  const parts = splitAnswer(text);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
  if (!parts || !status)
    return {
      statusCode: 0,
      headers: {},
      body: `no answer: ${text ? `${JSON.stringify(text.slice(0, 100))} received` : 'the socket closed without a response'}`,
    };
  const headers: Record<string, string> = {};
  for (const line of parts.head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusCode: Number(status), headers, body: parts.body };
}

/** A write that names an app, racing a delete (and a merge) of that app. */
export interface RaceWrite {
  method: string;
  /** With `:id`, the app being deleted. */
  url: string;
  admin?: boolean;
  /** The body, given the id of the app that stays and of the one being deleted. */
  body?: (keptId: number, deletedId: number) => unknown;
}

/** Every write a visitor or a curator can send about one app, sent together with its deletion. */
export const RACE_WRITES: RaceWrite[] = [
  { method: 'DELETE', url: '/api/admin/apps/:id', admin: true },
  { method: 'POST', url: '/api/admin/apps/:id/merge', admin: true, body: (kept) => ({ into: kept }) },
  { method: 'POST', url: '/api/apps/:id/view' },
  { method: 'POST', url: '/api/apps/:id/save' },
  { method: 'POST', url: '/api/apps/:id/report', body: () => ({ reason: 'dead_link', note: 'The page does not load.' }) },
  {
    method: 'POST',
    url: '/api/apps/:id/reviews',
    body: () => ({ rating: 4, title: 'Useful', text: 'Does what it says and saves me an hour a week.', name: 'Racer' }),
  },
  { method: 'POST', url: '/api/apps/:id/claims', body: () => ({ method: 'meta' }) },
  { method: 'PATCH', url: '/api/admin/apps/:id/status', admin: true, body: () => ({ status: 'pending' }) },
  {
    method: 'POST',
    url: '/api/admin/duplicates/dismiss',
    admin: true,
    body: (kept, deleted) => ({ appId: kept, duplicateOf: deleted }),
  },
];
