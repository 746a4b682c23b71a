import type { AuthUser } from '@shared/schemas/auth';
import type { UserRow } from './auth.repository';

/** The public user shape of a row. */
export function presentUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
  };
}
