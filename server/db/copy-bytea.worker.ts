import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { copyWithClient, type CopyWorkerResult, type CopyWorkerTask } from './copy-bytea';

/**
 * Reads a query's bytea values by binary COPY on a connection of its own (see `copyByteaInWorker`) and hands the
 * buffer back to the thread that asked, transferred rather than copied.
 */
async function read(task: CopyWorkerTask): Promise<CopyWorkerResult> {
  const client = new pg.Client(task.connection);
  try {
    await client.connect();
    const target = new Uint8Array(task.bytes);
    const lengths = await copyWithClient(client, task.query, target, task.timeoutMs);
    return { ok: true, bytes: target, lengths };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

const result = await read(workerData as CopyWorkerTask);
parentPort?.postMessage(result, result.ok ? [result.bytes.buffer as ArrayBuffer] : []);
