import { createHash, randomUUID, webcrypto } from 'node:crypto';
import { and, asc, eq, like, lt, notLike, sql } from 'drizzle-orm';
import pg from 'pg';
import { copyByteaInWorker, copyByteaInto, postgresPool } from '../../db/copy-bytea';
import type { Db } from '../../db/database';
import { appEvents, apps, categories, searchSnapshots } from '../../db/schema';
import { isListed } from '../../db/catalogue';

/** Queries the search module needs beyond the apps repository. */
export class SearchRepository {
  /**
   * @param snapshotWorker where the worker that reads a chunked snapshot's pieces is started from (tests give one that
   * fails); null reads them on the calling thread.
   */
  constructor(
    private readonly db: Db,
    private readonly snapshotWorker: URL | null | undefined = undefined,
  ) {}

  /**
   * A cheap summary of everything the index depends on (public apps and their categories). When it
   * changes without a notification having arrived (a dropped LISTEN connection), the index rebuilds.
   */
  async fingerprint(): Promise<string> {
    const rows = await this.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        apps: sql<string>`coalesce(max(${apps.updatedAt})::text, '')`,
        categories: sql<string>`coalesce(max(${categories.updatedAt})::text, '')`,
        idSum: sql<string>`coalesce(sum(${apps.id})::text, '0')`,
      })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(isListed);
    const row = rows[0];
    return row ? `${row.count}|${row.apps}|${row.categories}|${row.idSum}` : '';
  }

  /** A saved snapshot's versions, without its data (cheap to ask before fetching megabytes). */
  async snapshotVersion(name: string): Promise<{ format: string; fingerprint: string } | null> {
    const rows = await this.db
      .select({ format: searchSnapshots.format, fingerprint: searchSnapshots.fingerprint })
      .from(searchSnapshots)
      .where(eq(searchSnapshots.name, name));
    return rows[0] ?? null;
  }

  /** A saved snapshot's data when it still carries these versions; null otherwise. */
  async readSnapshot(name: string, version: { format: string; fingerprint: string }): Promise<Uint8Array | null> {
    const rows = await this.db
      .select({ data: searchSnapshots.data })
      .from(searchSnapshots)
      .where(
        and(
          eq(searchSnapshots.name, name),
          eq(searchSnapshots.format, version.format),
          eq(searchSnapshots.fingerprint, version.fingerprint),
        ),
      );
    return rows[0]?.data ?? null;
  }

  /** Saves (or replaces) a snapshot. */
  async writeSnapshot(name: string, version: { format: string; fingerprint: string }, data: Uint8Array): Promise<void> {
    const row = { name, format: version.format, fingerprint: version.fingerprint, data };
    await this.db
      .insert(searchSnapshots)
      .values(row)
      .onConflictDoUpdate({
        target: searchSnapshots.name,
        set: { format: row.format, fingerprint: row.fingerprint, data: row.data, updatedAt: new Date() },
      });
  }

  /**
   * The bytes of a saved engine snapshot (decision 0025, whole-engine snapshot), its pieces end to end in one buffer,
   * when its manifest row `name` carries these versions and every piece is there with the length and SHA-256 the
   * manifest gives; null otherwise (not saved, stale, replaced meanwhile by another instance's save, or damaged).
   */
  async readChunkedSnapshot(name: string, version: { format: string; fingerprint: string }): Promise<Uint8Array | null> {
    const manifestBytes = await this.readSnapshot(name, version);
    if (!manifestBytes) return null;
    let manifest: ChunkManifest;
    try {
      manifest = JSON.parse(Buffer.from(manifestBytes).toString('utf8')) as ChunkManifest;
    } catch {
      return null;
    }
    if (typeof manifest.id !== 'string' || !Array.isArray(manifest.chunks)) return null;
    let total = 0;
    for (const chunk of manifest.chunks) {
      if (!Number.isSafeInteger(chunk?.bytes) || chunk.bytes < 0) return null;
      total += chunk.bytes;
    }
    const names = manifest.chunks.map((_, i) => chunkName(name, manifest.id, i));
    let bytes = new Uint8Array(0);
    const pool = postgresPool(this.db);
    let lengths: number[];
    const overflow = (error: unknown) => error instanceof Error && /more bytes than expected/.test(error.message);
    if (pool) {
      // All pieces in one COPY, raw bytes into their place (a SELECT sends a bytea as hex text: 5× slower here).
      const list = names.map((piece) => pg.escapeLiteral(piece)).join(', ');
      const versions = `format = ${pg.escapeLiteral(version.format)} and fingerprint = ${pg.escapeLiteral(version.fingerprint)}`;
      const query = `select data from search_snapshots where name in (${list}) and ${versions} order by name`;
      let read: { bytes: Uint8Array<ArrayBuffer>; lengths: number[] } | null = null;
      if (this.snapshotWorker !== null) {
        // In a worker with its own connection, so this thread reads the public rows meanwhile.
        try {
          read = await copyByteaInWorker(pool, query, total, { workerUrl: this.snapshotWorker });
        } catch (error) {
          // More bytes than the manifest says: another save's pieces, or damage.
          if (overflow(error)) return null;
          // A worker that could not start or connect (a loader or settings it cannot take): read here instead.
        }
      }
      if (read) ({ bytes, lengths } = read);
      else {
        bytes = new Uint8Array(total);
        try {
          lengths = await copyByteaInto(pool, query, bytes);
        } catch (error) {
          if (overflow(error)) return null;
          throw error;
        }
      }
    } else {
      bytes = new Uint8Array(total);
      // PGlite hands a bytea over as bytes already; one piece per query keeps one result from holding them all.
      lengths = [];
      for (let i = 0, at = 0; i < names.length; i++) {
        const data = await this.readSnapshot(names[i] as string, version);
        if (!data || at + data.byteLength > total) return null;
        bytes.set(data, at);
        at += data.byteLength;
        lengths.push(data.byteLength);
      }
    }
    if (lengths.length !== manifest.chunks.length) return null;
    const digests: Promise<ArrayBuffer>[] = [];
    for (let i = 0, at = 0; i < lengths.length; i++) {
      const expected = manifest.chunks[i] as { bytes: number; sha256: string };
      if (lengths[i] !== expected.bytes) return null;
      // Web Crypto hashes on libuv's thread pool: the server's thread meanwhile reads the public rows (0.5 s of SHA-256
      // for 487 MB at 100,000 apps, off it).
      digests.push(webcrypto.subtle.digest('SHA-256', bytes.subarray(at, at + expected.bytes)));
      at += expected.bytes;
    }
    const hashes = await Promise.all(digests);
    for (let i = 0; i < hashes.length; i++)
      if (Buffer.from(hashes[i] as ArrayBuffer).toString('hex') !== manifest.chunks[i]?.sha256) return null;
    return bytes;
  }

  /**
   * Saves a snapshot as pieces, one row each, then the manifest naming them; then drops the pieces of earlier saves.
   * No transaction spans the pieces (a save of hundreds of megabytes would hold a connection and, on PGlite, the
   * database): a reader reads the manifest first and the pieces it names, so it never mixes two saves, and a save
   * in progress is invisible until its manifest is written. Pieces of a concurrent save younger than a minute are
   * left alone. `pause` is awaited between pieces.
   */
  async writeChunkedSnapshot(
    name: string,
    version: { format: string; fingerprint: string },
    chunks: readonly Uint8Array[],
    pause: () => Promise<void> = async () => undefined,
  ): Promise<void> {
    const id = randomUUID();
    const manifest: ChunkManifest = { id, chunks: [] };
    for (let i = 0; i < chunks.length; i++) {
      const data = chunks[i] as Uint8Array;
      manifest.chunks.push({ bytes: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') });
      await this.writeSnapshot(chunkName(name, id, i), version, data);
      await pause();
    }
    await this.writeSnapshot(name, version, new TextEncoder().encode(JSON.stringify(manifest)));
    await this.db
      .delete(searchSnapshots)
      .where(
        and(
          like(searchSnapshots.name, `${name}/%`),
          notLike(searchSnapshots.name, `${name}/${id}/%`),
          lt(searchSnapshots.updatedAt, sql`now() - interval '1 minute'`),
        ),
      );
  }

  /** How many bytes the rows of a snapshot hold (its manifest and its pieces, current or left over). */
  async snapshotBytes(name: string): Promise<number> {
    const rows = await this.db
      .select({ bytes: sql<string>`coalesce(sum(octet_length(${searchSnapshots.data})), 0)::text` })
      .from(searchSnapshots)
      .where(sql`${searchSnapshots.name} = ${name} or ${searchSnapshots.name} like ${`${name}/%`}`);
    return Number(rows[0]?.bytes ?? 0);
  }

  /** The names of the rows of a snapshot, in order (its manifest and its pieces). */
  async snapshotRows(name: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: searchSnapshots.name })
      .from(searchSnapshots)
      .where(sql`${searchSnapshots.name} = ${name} or ${searchSnapshots.name} like ${`${name}/%`}`)
      .orderBy(asc(searchSnapshots.name));
    return rows.map((row) => row.name);
  }

  /**
   * Records searches for analytics (top and zero-result queries) in one insert. Should that insert
   * fail, each row is retried alone, so one bad row never takes the good ones with it.
   * @returns how many rows were recorded.
   */
  async recordSearches(searches: { query: string; resultCount: number }[]): Promise<number> {
    if (searches.length === 0) return 0;
    const rows = searches.map(({ query, resultCount }) => ({ type: 'search' as const, query: query.slice(0, 500), resultCount }));
    try {
      await this.db.insert(appEvents).values(rows);
      return rows.length;
    } catch {
      const outcomes = await Promise.allSettled(rows.map((row) => this.db.insert(appEvents).values(row)));
      return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    }
  }
}

/** What the manifest row of a chunked snapshot holds: the save's id and each piece's length and SHA-256. */
interface ChunkManifest {
  id: string;
  chunks: { bytes: number; sha256: string }[];
}

function chunkName(name: string, id: string, index: number): string {
  return `${name}/${id}/${String(index).padStart(5, '0')}`;
}
