import { useCallback, useRef, useState } from 'react';

/**
 * One submission at a time. A mutation's `isPending` turns true only after the query library's next notification
 * (a macrotask later), so a second Enter or click in between would send the form twice (a 409 "already exists"):
 * this guard closes synchronously on the first submit and reopens when `done` is called.
 */
export function useSingleSubmit(): { pending: boolean; run: (start: (done: () => void) => void) => void } {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback((start: (done: () => void) => void) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    start(() => {
      inFlight.current = false;
      setPending(false);
    });
  }, []);
  return { pending, run };
}
