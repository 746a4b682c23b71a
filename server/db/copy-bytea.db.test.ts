import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRepository } from '../modules/search/search.repository';
import { createTestDatabase, testDriver } from '../test/test-database';
import { copyByteaInWorker, copyByteaInto, postgresPool } from './copy-bytea';
import type { Database } from './database';

/** Reading a chunked snapshot's pieces by binary COPY, in a worker thread and on the calling one (PostgreSQL only). */
describe.runIf(testDriver === 'postgres')('bytea values read by binary COPY', () => {
  let database: Database;
  const version = { format: 'copy-test', fingerprint: 'f1' };
  // Three pieces of unequal lengths (one of three bytes), random, so a misplaced byte shows.
  const pieces = [randomBytes(70_001), randomBytes(3), randomBytes(150_000)].map((piece) => new Uint8Array(piece));
  const whole = Buffer.concat(pieces);
  const query = "select data from search_snapshots where name like 'copy-test/%' order by name";

  beforeAll(async () => {
    database = await createTestDatabase();
    await new SearchRepository(database.db).writeChunkedSnapshot('copy-test', version, pieces, async () => undefined);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('gives the same bytes and lengths in a worker thread as on the calling thread', async () => {
    const pool = postgresPool(database.db)!;
    const here = new Uint8Array(whole.byteLength);
    const lengths = await copyByteaInto(pool, query, here);
    const inWorker = await copyByteaInWorker(pool, query, whole.byteLength);
    expect(lengths).toEqual(pieces.map((piece) => piece.byteLength));
    expect(inWorker.lengths).toEqual(lengths);
    expect(Buffer.from(inWorker.bytes).equals(whole)).toBe(true);
    expect(Buffer.from(here).equals(whole)).toBe(true);
  }, 60_000);

  it('rejects in the worker when the values do not fit, or the query fails', async () => {
    const pool = postgresPool(database.db)!;
    await expect(copyByteaInWorker(pool, query, whole.byteLength - 1)).rejects.toThrow(/more bytes than expected/);
    await expect(copyByteaInWorker(pool, 'select no_such_column from search_snapshots', 10)).rejects.toThrow();
  }, 60_000);

  it('reads a chunked snapshot through the worker, and on the calling thread when the worker cannot start', async () => {
    const read = (worker: URL | null | undefined) =>
      new SearchRepository(database.db, worker).readChunkedSnapshot('copy-test', version);
    const viaWorker = await read(undefined);
    const missing = new URL('./no-such-worker.ts', import.meta.url);
    const fellBack = await read(missing);
    const here = await read(null);
    for (const bytes of [viaWorker, fellBack, here]) expect(Buffer.from(bytes!).equals(whole)).toBe(true);
    // A worker that cannot start is an error of its own, which the repository does not pass on.
    const pool = postgresPool(database.db)!;
    await expect(copyByteaInWorker(pool, query, whole.byteLength, { workerUrl: missing })).rejects.toThrow();
  }, 60_000);
});
