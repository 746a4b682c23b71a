import os from 'node:os';
import path from 'node:path';

/** Settings of the browser suite's server (a fresh data dir every run); E2E_PORT lets runs coexist. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `aitlas-e2e-${E2E_PORT}`);
/** Fixture web sites for discovery tests listen here. */
export const E2E_FIXTURE_PORT = E2E_PORT + 1;
export const E2E_ADMIN = { email: 'curator@aitlas.test', password: 'e2e-password-1234' };
