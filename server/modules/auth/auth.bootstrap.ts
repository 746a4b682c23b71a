import type { AppContext } from '../../context';
import { AuthRepository } from './auth.repository';
import { generatePassword, hashPassword, verifyPassword } from './auth.password';

/** The address of the admin created with a one-time password when no admin is configured. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * Makes sure an admin can sign in. With ADMIN_EMAIL and ADMIN_PASSWORD that account is created, or
 * updated to this password and the admin flag. Without them, a database with no admin gets
 * `admin@localhost` with a generated password, printed once in the log (later starts find an
 * admin and print nothing). Runs under a database lock so that instances starting together do
 * not both create one.
 */
export async function ensureFirstAdmin(ctx: AppContext): Promise<void> {
  const users = new AuthRepository(ctx.db);
  await ctx.database.withExclusiveLock('aitlas:first-admin', async () => {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.env;
    if (ADMIN_EMAIL && ADMIN_PASSWORD) {
      const existing = await users.findUserByEmail(ADMIN_EMAIL);
      if (!existing) {
        await users.insertUser({ email: ADMIN_EMAIL.toLowerCase(), passwordHash: await hashPassword(ADMIN_PASSWORD), isAdmin: true });
        ctx.log.info(`Created the admin account ${ADMIN_EMAIL} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
      } else if (!existing.isAdmin || !(await verifyPassword(existing.passwordHash, ADMIN_PASSWORD))) {
        await users.updateUser(existing.id, { passwordHash: await hashPassword(ADMIN_PASSWORD), isAdmin: true });
        ctx.log.info(`Updated the admin account ${ADMIN_EMAIL} from ADMIN_EMAIL/ADMIN_PASSWORD.`);
      }
      return;
    }
    if ((await users.countAdmins()) > 0) return;
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const existing = await users.findUserByEmail(DEFAULT_ADMIN_EMAIL);
    if (existing) await users.updateUser(existing.id, { passwordHash, isAdmin: true });
    else await users.insertUser({ email: DEFAULT_ADMIN_EMAIL, passwordHash, isAdmin: true });
    ctx.log.warn(
      `No admin account existed, so one was created. Sign in at ${ctx.env.PUBLIC_URL}/login with ` +
        `e-mail ${DEFAULT_ADMIN_EMAIL} and the one-time password ${password} — it is shown only this once. ` +
        'Set ADMIN_EMAIL and ADMIN_PASSWORD, or run "npm run admin -- create <email>", to manage admins.',
    );
  });
}
