import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_CHROMIUM, E2E_WORKERS, e2eServer } from './e2e/support/e2e-config';

const servers = Array.from({ length: E2E_WORKERS }, (_, index) => e2eServer(index));

export default defineConfig({
  testDir: './e2e',
  // Generous: the suite shares two cores with other work; waits end as soon as the page shows what is expected.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A spec file runs whole in one worker (some are serial); files are spread over the workers, each of which
  // talks to its own server (e2e-config.ts), so no test sees another worker's writes.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace with a DOM snapshot of every step, but no screencast: recording the screencast
    // made every test about twice as slow on a busy two-core machine (decision 0012, amendment of 2026-11-27).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The admin host rule is tested on app.aitlas.test, resolved to this machine.
        '--host-resolver-rules=MAP app.aitlas.test 127.0.0.1, MAP aitlas.test 127.0.0.1',
      ],
    },
  },
  // Playwright starts the web servers one after the other, before globalSetup, so the first one's command makes
  // the fresh data dirs (deleting them later would pull the files out from under a running database): with
  // several workers, seeded once and copied (e2e/support/prepare-data-dirs.ts).
  webServer: servers.map((server, index) => ({
    command: [
      ...(index > 0
        ? []
        : servers.length > 1
          ? [
              `node --import tsx e2e/support/prepare-data-dirs.ts ${servers.map((each) => JSON.stringify(each.dataDir)).join(' ')}`,
            ]
          : // One server seeds its own fresh data dir at start (no copy to make, no second database start).
            [`node -e "fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true })"`]),
      'node --import tsx server/main.ts',
    ].join(' && '),
    url: `${server.baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh data dir is initialised and seeded first: minutes on a loaded two-core machine.
    timeout: 300_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      PUBLIC_URL: server.baseURL,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${server.fixturePort}`,
      DISCOVERY_SCHEDULER: 'false',
      LINK_HEALTH_SCHEDULER: 'false',
      // The logo service is unreachable here: pages must look right without it.
      LOGO_SERVICE_URL: 'http://127.0.0.1:9/{host}.png',
      RATE_LIMIT_SEARCH_PER_MINUTE: '1000',
    },
  })),
});
