import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { emailBodySchema } from '../../api/contracts/accounts.ts';
import { AuthLayout, FooterLink } from '../features/auth/components/auth-layout.tsx';
import {
  EmailField,
  FailureAlert,
  FormAlert,
  SecondaryButton,
  SubmitButton,
} from '../features/auth/components/fields.tsx';
import { FORGOT_PASSWORD_SENT_TEXT } from '../features/auth/copy.ts';
import { signInErrorView, validateForm, validSubmit } from '../features/auth/form.ts';
import { forgotPassword } from '../lib/auth/calls.ts';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const validation = validateForm(emailBodySchema, { email });
  const errors = submitted ? validation.errors : {};
  const mutation = useMutation({ mutationFn: (address: string) => forgotPassword({ email: address }) });
  const failure = mutation.error ? signInErrorView(mutation.error) : undefined;

  const onSubmit = validSubmit(validation, ['email'], setSubmitted, (data) => mutation.mutate(data.email));

  const footer = (
    <p>
      Remembered it? <FooterLink to="/sign-in">Back to sign in</FooterLink>
    </p>
  );

  if (mutation.isSuccess) {
    return (
      <AuthLayout icon={KeyRound} eyebrow="Password help" title="Check your e-mail" footer={footer}>
        <div className="space-y-5">
          <FormAlert tone="success" title="Request received">
            <p>{FORGOT_PASSWORD_SENT_TEXT}</p>
          </FormAlert>
          <SecondaryButton
            onClick={() => {
              mutation.reset();
              setSubmitted(false);
            }}
          >
            Use a different address
          </SecondaryButton>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={KeyRound}
      eyebrow="Password help"
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      footer={footer}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {failure && <FailureAlert title="The request could not be sent" failure={failure}></FailureAlert>}
        <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        <SubmitButton pending={mutation.isPending} label="Send reset link" pendingLabel="Sending…" />
      </form>
    </AuthLayout>
  );
}
