import os from 'node:os';
import path from 'node:path';

/** Fixed settings of the browser suite's server (a fresh data dir every run). */
export const E2E_PORT = 4317;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `aitlas-e2e-${E2E_PORT}`);
export const E2E_FIXTURE_PORT = 4318;
export const E2E_ADMIN = { email: 'curator@aitlas.test', password: 'e2e-password-1234' };
