import { parseArgs } from 'node:util';
import pino from 'pino';
import { z } from 'zod';
import { createContext } from '../context';
import { AppError } from '../lib/errors';
import { AuthService } from '../modules/auth/auth.service';
import { withDatabase } from './cli-support';

const usage = [
  'Usage:',
  '  npm run admin -- create <email>           add an admin with a generated password (printed once)',
  '  npm run admin -- reset-password <email>   give an existing user a new generated password and the admin flag',
].join('\n');

const { values, positionals } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
const [command, email, ...extra] = positionals;

if (values.help) {
  console.log(usage);
  process.exit(0);
}
if ((command !== 'create' && command !== 'reset-password') || !email || extra.length > 0) {
  console.error(
    command && command !== 'create' && command !== 'reset-password' ? `Unknown command "${command}".\n${usage}` : usage,
  );
  process.exit(1);
}
if (!z.email().safeParse(email).success) {
  console.error(`"${email}" is not a valid e-mail address.`);
  process.exit(1);
}

await withDatabase(async (database, env) => {
  const service = new AuthService(createContext(env, database, pino({ level: 'silent' })));
  try {
    const { user, password } = command === 'create' ? await service.createAdmin(email) : await service.resetAdminPassword(email);
    console.log(`${command === 'create' ? 'Created the admin' : 'Reset the password of'} ${user.email}.`);
    console.log(`Password: ${password}`);
    console.log('It is shown only this once: store it in a password manager. Sign in at /login.');
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(
        error.code === 'conflict'
          ? `${error.message}. Use "npm run admin -- reset-password ${email}" to give it a new password.`
          : error.message,
      );
      return 1;
    }
    throw error;
  }
});
