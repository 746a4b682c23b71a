import { KeyRound, LogIn, Sparkles } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { loginRequestSchema } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api-client';
import { siteUrl } from '@client/lib/host';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { useCurrentUser } from '@client/lib/current-user';
import { useAuthProviders, useLogin } from '../api/auth-api';
import { safeReturnPath } from '../lib/token-status';

/** Set by the admin screens before they send a signed-out visitor here. */
const RETURN_PATH_STORAGE_KEY = 'aitlas.auth.returnTo';

function takeReturnPath(): string {
  try {
    const stored = window.sessionStorage.getItem(RETURN_PATH_STORAGE_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_STORAGE_KEY);
    return safeReturnPath(stored);
  } catch {
    return '/admin';
  }
}

function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429)
      return error.body?.error?.message ?? 'Too many sign-in attempts. Please wait a minute and try again.';
    return error.serverMessage;
  }
  return 'Unable to reach the server. Please try again.';
}

/**
 * `/login` (spec §2 Admin login): the "Admin Login" card with the identity-provider button when
 * one is configured and the e-mail + password form; a signed-in visitor goes on to the admin area.
 */
export default function LoginPage() {
  useDocumentTitle('Admin Login');
  const [, navigate] = useLocation();
  const user = useCurrentUser();
  const providers = useAuthProviders();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  useEffect(() => {
    if (user.data) navigate(takeReturnPath(), { replace: true });
  }, [user.data, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const fields: { email?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'email' || key === 'password') && !fields[key]) fields[key] = issue.message;
      }
      setErrors(fields);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, { onError: () => setPassword('') });
  };

  if (user.isPending || user.data)
    return <Spinner label={user.data ? 'Opening the admin area...' : 'Checking your session...'} className="min-h-screen" />;

  const oidc = providers.data?.oidc === true;
  const local = providers.data?.local !== false;

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="grid w-full max-w-sm gap-6">
        <a href={siteUrl()} className="flex items-center justify-center gap-2 text-lg font-bold text-slate-900">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          Aitlas
        </a>
        <Card className="grid gap-5 p-6">
          <div className="grid gap-1 text-center">
            <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <KeyRound className="size-5" aria-hidden="true" />
            </span>
            <h1 className="text-xl font-semibold text-slate-900">Admin Login</h1>
            <p className="text-sm text-slate-600">Sign in to manage apps, categories and the blog.</p>
          </div>

          {oidc ? (
            <Button asChild size="lg" className="w-full">
              <a href="/api/login">
                <LogIn className="size-4" aria-hidden="true" />
                Sign in with your identity provider
              </a>
            </Button>
          ) : null}

          {oidc && local ? (
            <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200" />
              or
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          ) : null}

          {local ? (
            <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Sign in with email and password">
              {login.isError ? (
                <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                  {loginErrorMessage(login.error)}
                </div>
              ) : null}
              <div className="grid gap-1.5">
                <Label htmlFor="login-email">Email</Label>
                <Input
                  id="login-email"
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? 'login-email-error' : undefined}
                  required
                />
                <FieldError id="login-email-error" message={errors.email} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="login-password">Password</Label>
                <Input
                  id="login-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'login-password-error' : undefined}
                  required
                />
                <FieldError id="login-password-error" message={errors.password} />
              </div>
              <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
                {login.isPending ? 'Signing in...' : 'Sign In'}
              </Button>
            </form>
          ) : null}
        </Card>
        <p className="text-center text-sm">
          <a href={siteUrl()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Back to the marketplace
          </a>
        </p>
      </div>
    </main>
  );
}
