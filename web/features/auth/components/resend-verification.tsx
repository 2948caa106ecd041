/**
 * "Send the link again": asks for a new verification e-mail. With a known address it is one button;
 * without one (an expired link) it is a small form. The answer never says whether the address exists.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { emailBodySchema } from '../../../../api/contracts/accounts.ts';
import { resendVerification } from '../../../lib/auth/calls.ts';
import { RESEND_SENT_TEXT } from '../copy.ts';
import { signInErrorView, validateForm, validSubmit } from '../form.ts';
import { FailureAlert, FormAlert, SecondaryButton, SubmitButton, TextField } from './fields.tsx';

function SendResult({ error, sent }: { error: unknown; sent: boolean }) {
  if (error) {
    return <FailureAlert title="The link could not be sent" failure={signInErrorView(error)} />;
  }
  if (sent) {
    return (
      <FormAlert tone="success" title="Verification e-mail sent">
        <p>{RESEND_SENT_TEXT}</p>
      </FormAlert>
    );
  }
  return null;
}

/** One button for an address the page already knows (registration success, unverified sign-in). */
export function ResendButton({ email, label = 'Send the link again' }: { email: string; label?: string }) {
  const mutation = useMutation({ mutationFn: () => resendVerification({ email }) });
  return (
    <div className="space-y-3">
      {!mutation.isSuccess && (
        <SecondaryButton pending={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending ? 'Sending…' : label}
        </SecondaryButton>
      )}
      <div aria-live="polite">
        <SendResult error={mutation.error} sent={mutation.isSuccess} />
      </div>
    </div>
  );
}

/** A form asking for the address (a verification link that failed or was missing). */
export function ResendForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const validation = validateForm(emailBodySchema, { email });
  const errors = submitted ? validation.errors : {};
  const mutation = useMutation({ mutationFn: (address: string) => resendVerification({ email: address }) });

  const onSubmit = validSubmit(validation, ['email'], setSubmitted, (data) => mutation.mutate(data.email));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Send a new verification link">
      <TextField
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
      />
      <SubmitButton pending={mutation.isPending} label="Send a new link" pendingLabel="Sending…" />
      <div aria-live="polite">
        <SendResult error={mutation.error} sent={mutation.isSuccess} />
      </div>
    </form>
  );
}
