import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WRONG_KEY_LIMIT } from '../../lib/rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('unknown API keys', () => {
  it(`are refused with 429 after ${WRONG_KEY_LIMIT} from one address in a minute; another address is unaffected`, async () => {
    const call = (key: string, remoteAddress = '10.9.9.9') =>
      t.app.inject({ url: '/api/v1/apps', headers: { authorization: `Bearer ${key}` }, remoteAddress });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < WRONG_KEY_LIMIT + 5; attempt++)
      statuses.push((await call(`aitlas_guess${attempt}`)).statusCode);
    expect(statuses.slice(0, WRONG_KEY_LIMIT)).toEqual(Array(WRONG_KEY_LIMIT).fill(401));
    expect(statuses.slice(WRONG_KEY_LIMIT)).toEqual(Array(5).fill(429));
    const refused = await call('aitlas_another');
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await call('aitlas_other-address', '10.9.9.10')).statusCode).toBe(401);
    // Without a key the address keeps its anonymous access.
    expect((await t.app.inject({ url: '/api/v1/apps', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });

  it(`are refused under parallel requests too: of 40 at once from one address, at most ${WRONG_KEY_LIMIT} are looked up`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        t.app.inject({
          url: '/api/v1/categories',
          headers: { authorization: `Bearer aitlas_parallel${attempt}` },
          remoteAddress: '10.9.8.1',
        }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    // Each 401 is a key that was looked up.
    expect(statuses.filter((status) => status === 401)).toHaveLength(WRONG_KEY_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - WRONG_KEY_LIMIT);
  });

  it('do not count a known key: a client using its key many times a minute is never refused as a guesser', async () => {
    const cookie = (await signInAsAdmin(t)).cookie;
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: { cookie }, payload: { name: 'Steady client' } })
    ).json();
    const statuses = [];
    for (let attempt = 0; attempt < WRONG_KEY_LIMIT + 5; attempt++) {
      statuses.push(
        (
          await t.app.inject({
            url: '/api/v1/categories',
            headers: { authorization: `Bearer ${secret}` },
            remoteAddress: '10.9.8.2',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual(Array(WRONG_KEY_LIMIT + 5).fill(200));
  });
});
