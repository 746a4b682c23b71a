/**
 * The name of the session cookie. It lives with the HTTP layer because the public cache must recognise a
 * signed-in request without depending on the auth module that sets the cookie.
 */
export const SESSION_COOKIE = 'aitlas_session';
