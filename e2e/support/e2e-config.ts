import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser workers: each has a server of its own (own port, own fresh data dir), so tests in one worker never
 * see what another worker's tests wrote. Two where the machine has two CPUs or more: the suite runs after vitest,
 * and two workers took 1,690 s where one took 2,447 s (decision 0012, amendment of 2026-11-27). E2E_WORKERS
 * overrides it (1 where other work keeps the cores busy).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (os.availableParallelism() >= 2 ? 2 : 1)));
/**
 * The browser: CHROMIUM_PATH if set, else Debian's headless shell (`apt-get install chromium-headless-shell`), else
 * Debian's full Chromium. The headless shell is the same Chromium without the browser's own user interface: the full
 * browser also starts a renderer for its omnibox popup in every browser context, and the shell took the suite from
 * 524 to 315 CPU seconds (decision 0012, amendment of 2026-11-28).
 */
export const E2E_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ??
  '/usr/bin/chromium';
/** The first server's port; E2E_PORT lets runs coexist. Worker i uses E2E_PORT + 2i, its fixture site the port above. */
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4317);

/** Settings of worker `index`'s server. */
export function e2eServer(index: number) {
  const port = E2E_BASE_PORT + 2 * index;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir: path.join(os.tmpdir(), `aitlas-e2e-${port}`),
    fixturePort: port + 1,
  };
}

// Playwright sets TEST_PARALLEL_INDEX (0 … workers-1) in a worker process before it loads the config and the
// specs, so in a worker these name that worker's server; in the runner process, the first server's.
const own = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = own.port;
export const E2E_BASE_URL = own.baseURL;
export const E2E_DATA_DIR = own.dataDir;
/** Fixture web sites for discovery tests listen here. */
export const E2E_FIXTURE_PORT = own.fixturePort;
export const E2E_ADMIN = { email: 'curator@aitlas.test', password: 'e2e-password-1234' };
