import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';

/** Topics that every instance must hear about. */
export interface ChangeTopics {
  /** Apps were created, edited, re-statused or deleted: caches and the search index reload them. */
  'apps.changed': { ids: number[] };
  /**
   * Categories changed (activity, name, slug): everything derived from them is rebuilt. `onlyAdded`: the change only
   * added categories (an import's), whose apps are announced by `apps.changed`, so nothing derived from the apps that
   * were already there changed.
   */
  'categories.changed': { onlyAdded?: boolean };
  /** Blog posts were created, edited, published, unpublished or deleted: cached pages are dropped. */
  'blog.changed': Record<string, never>;
  /** A task page's curation (hidden, intro) or a shared stack changed: cached pages are dropped. */
  'browse.changed': Record<string, never>;
  /** A visitor's save was counted (the app's public save count changed). */
  'apps.counted': { id: number };
  /** The discovery schedule changed (the sync interval and with it the next run): schedulers re-plan at once. */
  'schedule.changed': Record<string, never>;
  /**
   * Local only, never sent: an import or a discovery on this instance added these apps. Duplicate flagging
   * compares them before `publish` resolves, so the import can answer with their flags; the other instances'
   * background scans reach them anyway.
   */
  'apps.added': { ids: number[]; source: 'discovery' | 'import' };
  /** A notification for the admins connected to /ws. */
  notification: { id: number; type: string; title: string; message: string; timestamp: string; data: unknown };
  /**
   * Local only, never sent: this instance missed notifications (its LISTEN connection was down) and
   * everything it derives from the database is to be reloaded.
   */
  resync: Record<string, never>;
}

/** Where the feed reports a lost or restored connection. */
export interface ChangeFeedLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

type Topic = keyof ChangeTopics;
type Handler<T extends Topic> = (payload: ChangeTopics[T]) => void | Promise<void>;

const CHANNEL = 'aitlas_changes';
/** Topics that only this instance's subscribers hear. */
const LOCAL_TOPICS: ReadonlySet<Topic> = new Set<Topic>(['resync', 'apps.added']);
// pg_notify payloads are limited to 8000 bytes; larger batches are split.
const MAX_IDS_PER_MESSAGE = 500;

/**
 * Broadcasts changes to every server instance. Local subscribers run before `publish` resolves (so the
 * next request on this instance sees the change); other instances hear it through LISTEN/NOTIFY.
 */
export class ChangeFeed {
  private readonly instanceId = randomUUID();
  private readonly handlers = new Map<Topic, Set<Handler<Topic>>>();
  private unlisten: (() => Promise<void>) | undefined;
  private stopWatching: (() => void) | undefined;
  private lostAt: number | undefined;

  constructor(
    private readonly database: Database,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly log?: ChangeFeedLog,
  ) {}

  /** Starts hearing other instances; after a lost connection is restored, subscribers resync. */
  async start(): Promise<void> {
    this.stopWatching = this.database.onListenerStateChange((state) => {
      if (!state.connected) {
        this.lostAt ??= Date.now();
        this.log?.warn({ reason: state.reason }, 'change feed degraded: not hearing other instances; reconnecting');
        return;
      }
      const downMs = this.lostAt === undefined ? 0 : Date.now() - this.lostAt;
      this.lostAt = undefined;
      this.log?.info({ downMs }, 'change feed reconnected; resyncing');
      void this.dispatch('resync', {});
    });
    this.unlisten = await this.database.listen(CHANNEL, (raw) => {
      let message: { origin: string; topic: Topic; payload: unknown };
      try {
        message = JSON.parse(raw);
      } catch (error) {
        this.onError(error);
        return;
      }
      if (message.origin === this.instanceId) return;
      void this.dispatch(message.topic, message.payload as ChangeTopics[Topic]);
    });
  }

  async stop(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = undefined;
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** Registers a handler for a topic; returns a function that removes it. */
  subscribe<T extends Topic>(topic: T, handler: Handler<T>): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler as Handler<Topic>);
    return () => set.delete(handler as Handler<Topic>);
  }

  /** Runs the local handlers, then tells the other instances (a `resync` or `apps.added` stays local). */
  async publish<T extends Topic>(topic: T, payload: ChangeTopics[T]): Promise<void> {
    await this.dispatch(topic, payload);
    if (LOCAL_TOPICS.has(topic)) return;
    for (const part of splitPayload(topic, payload)) {
      await this.database.notify(CHANNEL, JSON.stringify({ origin: this.instanceId, topic, payload: part })).catch(this.onError);
    }
  }

  private async dispatch<T extends Topic>(topic: T, payload: ChangeTopics[T]): Promise<void> {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        await handler(payload);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

function splitPayload<T extends Topic>(topic: T, payload: ChangeTopics[T]): ChangeTopics[T][] {
  if (topic !== 'apps.changed') return [payload];
  const { ids } = payload as ChangeTopics['apps.changed'];
  const parts: ChangeTopics[T][] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_MESSAGE) {
    parts.push({ ids: ids.slice(start, start + MAX_IDS_PER_MESSAGE) } as ChangeTopics[T]);
  }
  return parts.length > 0 ? parts : [payload];
}
