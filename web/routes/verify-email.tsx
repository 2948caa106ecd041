import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MailCheck, MailX } from 'lucide-react';
import { MESSAGES, verifyTokenQuerySchema } from '../../api/contracts/accounts.ts';
import { Spinner } from '../components/spinner.tsx';
import { AuthLayout, FooterLink, PrimaryLink } from '../features/auth/components/auth-layout.tsx';
import { FormAlert, SecondaryButton } from '../features/auth/components/fields.tsx';
import { ResendForm } from '../features/auth/components/resend-verification.tsx';
import { INVALID_VERIFY_LINK_TEXT } from '../features/auth/copy.ts';
import { isInvalidTokenError, signInErrorView, validateForm } from '../features/auth/form.ts';
import { verifyEmailQuery } from '../features/auth/queries.ts';

/** `?token=...` from the e-mail link, checked with the shared schema ('Token is required'). */
function validateSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && search.token.trim() !== '' ? { token: search.token.trim() } : {};
}

export const Route = createFileRoute('/verify-email')({
  validateSearch,
  component: VerifyEmailPage,
});

const footer = (
  <p>
    <FooterLink to="/sign-in">Back to sign in</FooterLink>
  </p>
);

function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const checked = validateForm(verifyTokenQuerySchema, { token });
  if (!checked.ok) return <VerificationFailed message={checked.errors.token ?? MESSAGES.tokenRequired} />;
  return <Verify token={checked.data.token} />;
}

function Verify({ token }: { token: string }) {
  // A query keyed by the token, over a once-per-token call: StrictMode's double mount sends one POST.
  const verification = useQuery(verifyEmailQuery(token));

  if (verification.isPending) {
    return (
      <AuthLayout icon={MailCheck} eyebrow="Account" title="Verifying your e-mail" footer={footer}>
        <div className="grid place-items-center py-8">
          <Spinner label="Verifying your e-mail address" />
          <p className="mt-3 text-sm text-slate-600" aria-hidden="true">
            One moment…
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (verification.isError) {
    if (isInvalidTokenError(verification.error)) return <VerificationFailed message={INVALID_VERIFY_LINK_TEXT} />;
    return (
      <AuthLayout icon={MailX} eyebrow="Account" title="We couldn't verify your e-mail" footer={footer}>
        <div className="space-y-4">
          <FormAlert tone="error">
            <p>{signInErrorView(verification.error).message}</p>
          </FormAlert>
          <SecondaryButton pending={verification.isFetching} onClick={() => void verification.refetch()}>
            Try again
          </SecondaryButton>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout icon={MailCheck} eyebrow="Account" title="E-mail verified">
      <div className="space-y-5">
        <FormAlert tone="success" title="Thanks, your address is confirmed">
          <p>Your e-mail address has been verified. You can now sign in to the portal.</p>
        </FormAlert>
        <PrimaryLink to="/sign-in">Sign in</PrimaryLink>
      </div>
    </AuthLayout>
  );
}

function VerificationFailed({ message }: { message: string }) {
  return (
    <AuthLayout icon={MailX} eyebrow="Account" title="We couldn't verify your e-mail" footer={footer}>
      <div className="space-y-6">
        <FormAlert tone="error">
          <p>{message}</p>
        </FormAlert>
        <div>
          <h2 className="text-lg font-bold text-slate-900">Get a new verification link</h2>
          <p className="mt-1 text-sm text-slate-600">Enter the address you registered with.</p>
          <div className="mt-4">
            <ResendForm />
          </div>
        </div>
      </div>
    </AuthLayout>
  );
}
