import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Check, KeyRound, ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { MESSAGES, RESET_PASSWORD_MIN_LENGTH, resetPasswordFormSchema } from '../../api/contracts/accounts.ts';
import { Spinner } from '../components/spinner.tsx';
import { AuthLayout, FooterLink, PrimaryLink } from '../features/auth/components/auth-layout.tsx';
import {
  FailureAlert,
  FormAlert,
  PasswordField,
  SecondaryButton,
  SubmitButton,
} from '../features/auth/components/fields.tsx';
import { INVALID_RESET_LINK_TEXT } from '../features/auth/copy.ts';
import {
  isInvalidTokenError,
  newPasswordChecks,
  signInErrorView,
  validateForm,
  validSubmit,
} from '../features/auth/form.ts';
import { resetTokenValidityQuery } from '../features/auth/queries.ts';
import { resetPassword } from '../lib/auth/calls.ts';
import { authSession } from '../lib/auth/session.ts';
import { isAppError } from '../lib/errors.ts';

/** `?token=...` from the e-mail link; anything that is not a non-empty string counts as missing. */
function validateSearch(search: Record<string, unknown>): { token?: string } {
  const token = typeof search.token === 'string' ? search.token.trim() : '';
  return token ? { token } : {};
}

export const Route = createFileRoute('/reset-password')({
  validateSearch,
  component: ResetPasswordPage,
});

const FIELDS = ['newPassword', 'confirmPassword'] as const;

const footer = (
  <p>
    <FooterLink to="/sign-in">Back to sign in</FooterLink>
  </p>
);

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  if (!token) return <InvalidLink message={MESSAGES.resetTokenRequired} />;
  return <CheckedReset token={token} />;
}

function CheckedReset({ token }: { token: string }) {
  const check = useQuery(resetTokenValidityQuery(token));
  const [linkRefused, setLinkRefused] = useState(false);

  if (linkRefused || check.data?.valid === false || (check.error && isInvalidTokenError(check.error)))
    return <InvalidLink message={INVALID_RESET_LINK_TEXT} />;

  if (check.isPending) {
    return (
      <AuthLayout icon={KeyRound} eyebrow="Password help" title="Choose a new password" footer={footer}>
        <div className="grid place-items-center py-8">
          <Spinner label="Checking your reset link" />
          <p className="mt-3 text-sm text-slate-600" aria-hidden="true">
            Checking your reset link…
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (check.isError) {
    return (
      <AuthLayout icon={KeyRound} eyebrow="Password help" title="Choose a new password" footer={footer}>
        <div className="space-y-4">
          <FormAlert tone="error" title="We couldn't check your reset link">
            <p>{signInErrorView(check.error).message}</p>
          </FormAlert>
          <SecondaryButton pending={check.isFetching} onClick={() => void check.refetch()}>
            Try again
          </SecondaryButton>
        </div>
      </AuthLayout>
    );
  }

  return <ResetForm token={token} onLinkRefused={() => setLinkRefused(true)} />;
}

function ResetForm({ token, onLinkRefused }: { token: string; onLinkRefused: () => void }) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const validation = validateForm(resetPasswordFormSchema, { token, ...values });
  const errors = submitted ? validation.errors : {};
  const mutation = useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => resetPassword(body),
    onSuccess: async () => {
      // The server ends every session of the account; this tab follows at once.
      if (authSession.getState().isAuthenticated) await authSession.logout();
    },
    onError: (error) => {
      // Used or expired since the page opened: the link itself is the problem, not the password.
      if (isAppError(error) && error.code === 'INVALID_TOKEN') onLinkRefused();
    },
  });
  const failure = mutation.error ? signInErrorView(mutation.error) : undefined;
  const checks = newPasswordChecks(values.newPassword, RESET_PASSWORD_MIN_LENGTH);

  if (mutation.isSuccess) {
    return (
      <AuthLayout icon={ShieldCheck} eyebrow="Password help" title="Password changed">
        <div className="space-y-5">
          <FormAlert tone="success" title="Your password has been changed">
            <p>For your security, you have been signed out everywhere. Sign in with your new password.</p>
          </FormAlert>
          <PrimaryLink to="/sign-in">Sign in</PrimaryLink>
        </div>
      </AuthLayout>
    );
  }

  const onSubmit = validSubmit(validation, FIELDS, setSubmitted, (data) =>
    mutation.mutate({ token: data.token, newPassword: data.newPassword }),
  );

  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <AuthLayout
      icon={KeyRound}
      eyebrow="Password help"
      title="Choose a new password"
      intro="Pick a password you don't use anywhere else."
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {failure && <FailureAlert title="The password could not be changed" failure={failure}></FailureAlert>}
        {errors.token && (
          <FormAlert tone="error">
            <p>{errors.token}</p>
          </FormAlert>
        )}
        <div>
          <PasswordField
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            value={values.newPassword}
            onValueChange={set('newPassword')}
            error={errors.newPassword}
            describedBy="new-password-rules"
          />
          <ul
            id="new-password-rules"
            className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2"
            aria-label="Password requirements"
          >
            {checks.map((check) => (
              <li
                key={check.label}
                className={`flex items-center gap-2 ${check.met ? 'text-emerald-700' : 'text-slate-500'}`}
              >
                <Check aria-hidden="true" className={`size-4 shrink-0 ${check.met ? 'opacity-100' : 'opacity-30'}`} />
                <span>
                  {check.label}
                  <span className="sr-only">{check.met ? ' (done)' : ' (not yet)'}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <PasswordField
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onValueChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <SubmitButton pending={mutation.isPending} label="Change password" pendingLabel="Changing password…" />
      </form>
    </AuthLayout>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthLayout icon={ShieldX} eyebrow="Password help" title="Reset link not valid" footer={footer}>
      <div className="space-y-5">
        <FormAlert tone="error">
          <p>{message}</p>
        </FormAlert>
        <PrimaryLink to="/forgot-password">Request a new link</PrimaryLink>
      </div>
    </AuthLayout>
  );
}
