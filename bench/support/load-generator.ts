import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * autocannon, without its per-response body string. autocannon 9 appends every body chunk to a string
 * (`PipelinedRequestsQueue.addBody`: `req.body += data`), which UTF-8-decodes each response; a compressed body is
 * binary, takes the decoder's slow path and cost the load generator 0.19 ms a request against 0.075 ms for the same
 * page uncompressed (home page, 10 connections, 2026-11-27): on two shared cores the generator, not the server, then
 * set the figure of every page asked as a browser asks. The benches never read the bodies (no `expectBody`,
 * `verifyBody` or `onResponse`), so the chunks are dropped; the bytes are still received and parsed.
 * @returns the autocannon function, typed by the caller
 */
export function loadGenerator<T>(): T {
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: unknown): void } };
  queue.prototype.addBody = () => undefined;
  return require('autocannon') as T;
}
