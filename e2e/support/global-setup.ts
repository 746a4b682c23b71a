import fs from 'node:fs';
import { E2E_DATA_DIR } from './e2e-config';

/** Each run starts from an empty data dir, so the server migrates and seeds from scratch. */
export default function globalSetup(): void {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
