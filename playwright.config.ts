import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR, E2E_FIXTURE_PORT, E2E_PORT } from './e2e/support/e2e-config';

export default defineConfig({
  testDir: './e2e',
  // Generous: the suite shares two cores with other work; waits end as soon as the page shows what is expected.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    // Playwright starts the web server before globalSetup, so the fresh data dir is made here:
    // deleting it in globalSetup would pull the files out from under the running database.
    command: `node -e "fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && node --import tsx server/main.ts`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // A fresh data dir is initialised and seeded first: minutes on a loaded two-core machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${E2E_FIXTURE_PORT}`,
      DISCOVERY_SCHEDULER: 'false',
      LINK_HEALTH_SCHEDULER: 'false',
      // The logo service is unreachable here: pages must look right without it.
      LOGO_SERVICE_URL: 'http://127.0.0.1:9/{host}.png',
      RATE_LIMIT_SEARCH_PER_MINUTE: '1000',
    },
  },
});
