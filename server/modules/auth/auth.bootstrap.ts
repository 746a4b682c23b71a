import type { AppContext } from '../../context';
import { AuthRepository } from './auth.repository';
import { generatePassword, hashPassword, verifyPassword } from './auth.password';

/** The address of the admin created with a one-time password when no admin is configured. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** Where the one-time password goes: a person's terminal (stderr), never the JSON log. */
export type Announce = (text: string) => void;

const toTerminal: Announce = (text) => {
  process.stderr.write(text);
};

/**
 * The one-time password as a framed block of plain lines, so that it stands out among log lines
 * and can be copied whole.
 */
export function firstAdminBlock(publicUrl: string, email: string, password: string): string {
  const lines = [
    'No admin account existed, so one was created.',
    '',
    `Sign in at   ${publicUrl}/login`,
    `E-mail       ${email}`,
    `Password     ${password}`,
    '',
    'This password is shown only this once.',
    'To manage admins, set ADMIN_EMAIL and ADMIN_PASSWORD,',
    'or run: npm run admin -- create <email>',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 4);
  return ['', `┌${rule}┐`, ...lines.map((line) => `│  ${line.padEnd(width)}  │`), `└${rule}┘`, '', ''].join('\n');
}

/**
 * Makes sure an admin can sign in. With ADMIN_EMAIL and ADMIN_PASSWORD that account is created, or
 * updated to this password and the admin flag. Without them, a database with no admin gets
 * `admin@localhost` with a generated password, printed once as a framed block on the terminal
 * (`announce`; the log only says that it was printed; later starts find an admin and print nothing). Runs under a database lock so that instances starting together do
 * not both create one.
 */
export async function ensureFirstAdmin(ctx: AppContext, announce: Announce = toTerminal): Promise<void> {
  const users = new AuthRepository(ctx.db);
  await ctx.database.withExclusiveLock('aitlas:first-admin', async () => {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.env;
    if (ADMIN_EMAIL && ADMIN_PASSWORD) {
      const existing = await users.findUserByEmail(ADMIN_EMAIL);
      if (!existing) {
        await users.insertUser({
          email: ADMIN_EMAIL.toLowerCase(),
          passwordHash: await hashPassword(ADMIN_PASSWORD),
          isAdmin: true,
        });
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
      `No admin account existed: created ${DEFAULT_ADMIN_EMAIL}; its one-time password is printed on the terminal (standard error), not in the log.`,
    );
    announce(firstAdminBlock(ctx.env.PUBLIC_URL, DEFAULT_ADMIN_EMAIL, password));
  });
}
