import { useMutation } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { type LoginBody, loginBodySchema } from '../../api/contracts/accounts.ts';
import { AuthLayout, CardLink, FooterLink } from '../features/auth/components/auth-layout.tsx';
import {
  CheckboxField,
  EmailField,
  FailureAlert,
  FormAlert,
  PasswordField,
  SubmitButton,
} from '../features/auth/components/fields.tsx';
import { ResendButton } from '../features/auth/components/resend-verification.tsx';
import { signInErrorView, validateForm, validSubmit } from '../features/auth/form.ts';
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

  const onSubmit = validSubmit(validation, FIELDS, setSubmitted, (data) => mutation.mutate(data));

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
            <FailureAlert title="Sign-in failed" failure={failure}>
              {failure.offerResend && validation.ok && (
                <div className="pt-1">
                  <ResendButton email={validation.data.email} />
                </div>
              )}
            </FailureAlert>
          </div>
        )}
        <EmailField autoComplete="username" value={values.email} onValueChange={set('email')} error={errors.email} />
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
