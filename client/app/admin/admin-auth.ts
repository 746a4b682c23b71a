/** Where a signed-out visitor of an admin screen is sent (spec §6); /login remembers where to come back. */
export const RETURN_PATH_STORAGE_KEY = 'aitlas.auth.returnTo';

/** Leaves for the sign-in flow, remembering the current page to return to after login. */
export function redirectToLogin(): void {
  try {
    window.sessionStorage.setItem(RETURN_PATH_STORAGE_KEY, `${window.location.pathname}${window.location.search}`);
  } catch {
    // Storage may be unavailable (privacy mode): the login page then falls back to /admin.
  }
  window.location.assign('/api/login');
}
