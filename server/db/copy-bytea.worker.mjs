// The COPY worker's entry (see `copyByteaInWorker`). Plain JavaScript: on Node 20 a worker thread does not get the
// TypeScript loader the server was started with (`--import tsx`), so it registers tsx itself, then runs the worker.
import { register } from 'tsx/esm/api';

register();
await import('./copy-bytea.worker.ts');
