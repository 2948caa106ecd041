import { useMutation } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type LoginBody, loginBodySchema } from '../../api/contracts/accounts.ts';
import { AuthLayout, CardLink, FooterLink } from '../features/auth/components/auth-layout.tsx';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from '../features/auth/components/fields.tsx';
import { ResendButton } from '../features/auth/components/resend-verification.tsx';
import { firstInvalid, retryAfterText, signInErrorView, validateForm } from '../features/auth/form.ts';
import { redirectTarget, safeRedirectPath } from '../lib/auth/redirect.ts';
import { authSession } from '../lib/auth/session.ts';

interface SignInSearch {
  /** Where to go after signing in: a same-site path only (anything else is dropped here). */
  redirect?: string;
  /** 'expired': sent here because the session ended. */
  reason?: 'expired';
}

function validateSearch(search: Record<string, unknown>): SignInSearch {
  const result: SignInSearch = {};
  const target = safeRedirectPath(search.redirect);
  if (target) result.redirect = target;
  if (search.reason === 'expired') result.reason = 'expired';
  return result;
}

export const Route = createFileRoute('/sign-in')({
  validateSearch,
  // Someone already signed in (this tab, or a refresh cookie from another tab) goes straight on.
  beforeLoad: async ({ search }) => {
    const state = await authSession.resolve();
    if (state.isAuthenticated && !state.isLoggingOut)
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
  },
  component: SignInPage,
});

const FIELDS = ['email', 'password'] as const;

function SignInPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '', rememberMe: false });
  const [submitted, setSubmitted] = useState(false);
  const validation = validateForm(loginBodySchema, values);
  // Errors show once the form has been submitted, then follow the typing.
  const errors = submitted ? validation.errors : {};

  const mutation = useMutation({
    mutationFn: (body: LoginBody) => authSession.login(body),
    onSuccess: () => navigate({ href: redirectTarget(search.redirect), replace: true }),
  });
  const failure = mutation.error ? signInErrorView(mutation.error) : undefined;
  const pending = mutation.isPending || mutation.isSuccess;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.ok) {
      const first = firstInvalid(validation.errors, FIELDS);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    mutation.mutate(validation.data);
  };

  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  return (
    <AuthLayout
      icon={LogIn}
      eyebrow="Competitor portal"
      title="Sign in"
      intro="Manage your registrations, team and profile."
      footer={
        <p>
          New to the portal? <FooterLink to="/register">Create an account</FooterLink>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-describedby={failure ? 'sign-in-error' : undefined}
      >
        {search.reason === 'expired' && !failure && (
          <FormAlert tone="info" title="Your session has ended">
            <p>Please sign in again to continue.</p>
          </FormAlert>
        )}
        {failure && (
          <div id="sign-in-error">
            <FormAlert tone="error" title="Sign-in failed">
              <p>{failure.message}</p>
              {retryAfterText(failure.retryAfter) && <p>{retryAfterText(failure.retryAfter)}</p>}
              {failure.offerResend && validation.ok && (
                <div className="pt-1">
                  <ResendButton email={validation.data.email} />
                </div>
              )}
            </FormAlert>
          </div>
        )}
        <TextField
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onValueChange={set('email')}
          error={errors.email}
        />
        <div>
          <PasswordField
            name="password"
            label="Password"
            autoComplete="current-password"
            value={values.password}
            onValueChange={set('password')}
            error={errors.password}
          />
          <p className="mt-2 text-right text-sm">
            <CardLink to="/forgot-password">Forgot your password?</CardLink>
          </p>
        </div>
        <CheckboxField
          name="rememberMe"
          label="Remember me"
          hint="Stay signed in on this device. Leave it unticked on a shared computer."
          checked={values.rememberMe}
          onCheckedChange={set('rememberMe')}
        />
        <SubmitButton pending={pending} label="Sign in" pendingLabel="Signing in…" />
      </form>
    </AuthLayout>
  );
}
