import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WRONG_KEY_LIMIT } from '../../lib/rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('unknown API keys', () => {
  it(`are refused with 429 after ${WRONG_KEY_LIMIT} from one address in a minute; another address is unaffected`, async () => {
    const call = (key: string, remoteAddress = '10.9.9.9') => t.app.inject({ url: '/api/v1/apps', headers: { authorization: `Bearer ${key}` }, remoteAddress });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < WRONG_KEY_LIMIT + 5; attempt++) statuses.push((await call(`aitlas_guess${attempt}`)).statusCode);
    expect(statuses.slice(0, WRONG_KEY_LIMIT)).toEqual(Array(WRONG_KEY_LIMIT).fill(401));
    expect(statuses.slice(WRONG_KEY_LIMIT)).toEqual(Array(5).fill(429));
    const refused = await call('aitlas_another');
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await call('aitlas_other-address', '10.9.9.10')).statusCode).toBe(401);
    // Without a key the address keeps its anonymous access.
    expect((await t.app.inject({ url: '/api/v1/apps', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });
});
