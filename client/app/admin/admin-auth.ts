/** Where a signed-out visitor of an admin screen is sent (spec §6); /login remembers where to come back. */
export const RETURN_PATH_STORAGE_KEY = 'aitlas.auth.returnTo';

/**
 * Set once the admin clicks Logout: the server ends the session before the browser leaves the page, so the calls still
 * in flight answer 401, and sending the browser to the sign-in then would replace the logout's own way out (to the
 * site's home) with the login page.
 */
let signingOut = false;

/** Marks the page as leaving through Logout (see `signingOut`); the link's own navigation goes on. */
export function markSigningOut(): void {
  signingOut = true;
}

/** Leaves for the sign-in flow, remembering the current page to return to after login; not while signing out. */
export function redirectToLogin(): void {
  if (signingOut) return;
  try {
    window.sessionStorage.setItem(RETURN_PATH_STORAGE_KEY, `${window.location.pathname}${window.location.search}`);
  } catch {
    // Storage may be unavailable (privacy mode): the login page then falls back to /admin.
  }
  window.location.assign('/api/login');
}
