import { setImmediate } from 'node:timers/promises';

/**
 * For a long synchronous loop (checking or preparing tens of thousands of records): await what it
 * returns once per step, and the loop gives the event loop a turn once `sliceMs` has passed since
 * the last one, so requests keep answering while it runs.
 * @returns a function that resolves at once within a slice and after a yield at its end.
 */
export function timeSlices(sliceMs: number): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < sliceMs) return;
    await setImmediate();
    sliceStarted = performance.now();
  };
}
