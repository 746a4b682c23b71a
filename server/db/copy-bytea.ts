import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Db } from './database';

/** The binary COPY format's signature, then its flags (int32) and header extension length (int32). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FILE_HEADER = SIGNATURE.length + 8;
/** A tuple's field count (int16) and its one field's length (int32). */
const TUPLE_HEADER = 6;

/** The node-postgres pool behind a Drizzle handle, or null (PGlite). */
export function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * Reads the values of a query's one bytea column, row after row, into `target` through `COPY (query) TO STDOUT
 * (FORMAT binary)`: the server sends the bytes as they are stored. A SELECT sends a bytea as hex text, twice its size,
 * which the server takes time to encode and node-postgres to decode on the server's thread (decision 0025, session
 * 13: 355 MB took 6.5 s that way, 1.2 s by COPY). `query` is SQL text (COPY takes no parameters): the caller quotes
 * any value with `pg.escapeLiteral`.
 * @returns the length of each row's value, in order; rejects when a value is null, there is more than one column,
 * or the values do not fit `target`.
 */
export async function copyByteaInto(pool: pg.Pool, query: string, target: Uint8Array, timeoutMs = 60_000): Promise<number[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await copyWithClient(client, query, target, timeoutMs, (error) => (broken = error));
  } finally {
    // A connection that failed mid-COPY is not handed out again.
    client.release(broken);
  }
}

/**
 * `copyByteaInto` on a connected client of the caller's; `onBroken` hears the error that left the connection unusable
 * (a timeout destroys it, a server error ends the COPY).
 */
export function copyWithClient(
  client: pg.ClientBase,
  query: string,
  target: Uint8Array,
  timeoutMs: number,
  onBroken: (error: Error) => void = () => undefined,
): Promise<number[]> {
  return new Promise<number[]>((resolve, reject) => {
    const reader = new CopyReader(target);
    const timer = setTimeout(() => {
      const broken = new Error(`COPY of bytea values took longer than ${timeoutMs} ms`);
      onBroken(broken);
      (client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream?.destroy(broken);
    }, timeoutMs);
    let failed: Error | null = null;
    // A submittable (as pg-copy-streams is): node-postgres hands it the connection's CopyData messages.
    const submittable = {
      submit(connection: { query(text: string): void }) {
        connection.query(`COPY (${query}) TO STDOUT (FORMAT binary)`);
      },
      handleCopyData(message: { chunk: Buffer }) {
        if (failed) return;
        try {
          // The chunk is a view into node-postgres' read buffer, reused after this call: its bytes are copied now.
          reader.push(message.chunk);
        } catch (error) {
          failed = error as Error;
        }
      },
      handleError(error: Error) {
        clearTimeout(timer);
        onBroken(error);
        reject(error);
      },
      handleReadyForQuery() {
        clearTimeout(timer);
        if (failed) reject(failed);
        else if (!reader.finished) reject(new Error('COPY ended before its trailer'));
        else resolve(reader.lengths);
      },
      handleCommandComplete: () => undefined,
      handleRowDescription: () => undefined,
      handleDataRow: () => undefined,
      handleEmptyQuery: () => undefined,
      handlePortalSuspended: () => undefined,
    };
    void client.query(submittable as unknown as pg.QueryConfig);
  });
}

/** What the reading worker is given (`copy-bytea.worker.ts`): plain data, as a worker's `workerData` must be. */
export interface CopyWorkerTask {
  /** The pool's connection settings that are plain values (connection string, timeouts, application name). */
  connection: Record<string, string | number | boolean>;
  query: string;
  bytes: number;
  timeoutMs: number;
}

/** What the reading worker answers: the bytes (transferred, not copied) and each row's length, or why it failed. */
export type CopyWorkerResult = { ok: true; bytes: Uint8Array<ArrayBuffer>; lengths: number[] } | { ok: false; message: string };

const COPY_WORKER = new URL('./copy-bytea.worker.mjs', import.meta.url);

/**
 * `copyByteaInto` in a worker thread with a connection of its own, into a buffer of `bytes` it hands back: the
 * server's thread meanwhile reads other rows (at 100,000 apps the engine snapshot's 487 MB and the public rows were
 * both read on it, each waiting for the other; decision 0025, session 14). The worker registers tsx's loader itself
 * (`copy-bytea.worker.mjs`), so it runs the TypeScript as the server does. Rejects when the worker cannot start, the
 * read fails or the worker ends without an answer.
 */
export async function copyByteaInWorker(
  pool: pg.Pool,
  query: string,
  bytes: number,
  options: { timeoutMs?: number; workerUrl?: URL } = {},
): Promise<{ bytes: Uint8Array<ArrayBuffer>; lengths: number[] }> {
  const connection: CopyWorkerTask['connection'] = {};
  for (const [key, value] of Object.entries(pool.options))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') connection[key] = value;
  const task: CopyWorkerTask = { connection, query, bytes, timeoutMs: options.timeoutMs ?? 60_000 };
  const worker = new Worker(options.workerUrl ?? COPY_WORKER, { workerData: task });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (result: CopyWorkerResult) =>
        result.ok ? resolve({ bytes: result.bytes, lengths: result.lengths }) : reject(new Error(result.message)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the COPY worker ended (code ${code}) without an answer`)));
    });
  } finally {
    void worker.terminate();
  }
}

/** Parses the binary COPY stream of one-column rows, in chunks split anywhere, into one buffer. */
class CopyReader {
  readonly lengths: number[] = [];
  finished = false;
  private header = Buffer.alloc(FILE_HEADER);
  private headerFill = 0;
  /** What the next bytes are: the file header, its extension, a tuple header, a value, or nothing (after the trailer). */
  private state: 'file' | 'extension' | 'tuple' | 'value' | 'done' = 'file';
  private remaining = 0;
  private at = 0;

  constructor(private readonly target: Uint8Array) {}

  push(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'done') throw new Error('COPY sent bytes after its trailer');
      if (this.state === 'extension' || this.state === 'value') {
        const take = Math.min(this.remaining, chunk.length - i);
        if (this.state === 'value') this.target.set(chunk.subarray(i, i + take), this.at + this.lengthSoFar());
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) {
          if (this.state === 'value') this.at += this.lengths[this.lengths.length - 1] as number;
          this.state = 'tuple';
        }
        continue;
      }
      const need = this.state === 'file' ? FILE_HEADER : TUPLE_HEADER;
      // The trailer is a tuple header of two bytes only: a field count of -1.
      const take = Math.min(need - this.headerFill, chunk.length - i);
      chunk.copy(this.header, this.headerFill, i, i + take);
      this.headerFill += take;
      i += take;
      if (this.state === 'tuple' && this.headerFill >= 2 && this.header.readInt16BE(0) === -1) {
        if (this.headerFill !== 2) throw new Error('COPY trailer followed by bytes');
        this.state = 'done';
        this.finished = true;
        continue;
      }
      if (this.headerFill < need) continue;
      this.headerFill = 0;
      if (this.state === 'file') {
        if (!this.header.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a binary COPY stream');
        this.remaining = this.header.readInt32BE(SIGNATURE.length + 4);
        this.state = this.remaining > 0 ? 'extension' : 'tuple';
        continue;
      }
      if (this.header.readInt16BE(0) !== 1) throw new Error('COPY of bytea values: one column expected');
      const length = this.header.readInt32BE(2);
      if (length < 0) throw new Error('COPY of bytea values: a value is null');
      if (this.at + length > this.target.byteLength) throw new Error('COPY of bytea values: more bytes than expected');
      this.lengths.push(length);
      this.remaining = length;
      this.state = length > 0 ? 'value' : 'tuple';
    }
  }

  /** Bytes of the current value received so far. */
  private lengthSoFar(): number {
    return (this.lengths[this.lengths.length - 1] as number) - this.remaining;
  }
}
