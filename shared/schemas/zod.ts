import { z } from 'zod';

// In the browser zod must not compile its parsers with `new Function`: the Content-Security-Policy has no
// 'unsafe-eval', so the attempt is refused and reported (Lighthouse's best-practices counts it). The server
// keeps the compiled parsers, which are faster on its hot path.
z.config({ jitless: typeof window !== 'undefined' });

/** zod, configured for where it runs; the shared schemas import it from here. */
export { z };
