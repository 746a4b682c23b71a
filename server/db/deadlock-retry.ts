/** PostgreSQL's codes for a transaction it aborted to break a lock cycle, or to keep transactions serialisable. */
const RETRIABLE_CODES = new Set(['40P01', '40001']);

/** True for an error PostgreSQL raises when it aborts one of two transactions waiting on each other. */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRIABLE_CODES.has(String((error as { code?: unknown }).code));
}

/**
 * Runs a whole transaction again when PostgreSQL aborted it to break a deadlock: the aborted attempt wrote nothing,
 * and the other transaction has gone on, so the next attempt usually runs through. Transactions that lock rows a
 * concurrent request locks in another order (a merge of two apps against a review or a report on one of them) are
 * safe to retry this way; any other error, and a deadlock on the last attempt, is thrown as it was.
 * @param attempts how many times the transaction may run in all.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
