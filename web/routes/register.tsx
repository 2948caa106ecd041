import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { LOGIN_PASSWORD_MIN_LENGTH, type RegisterBody, registerBodySchema } from '../../api/contracts/accounts.ts';
import { AuthLayout, CardLink, FooterLink } from '../features/auth/components/auth-layout.tsx';
import {
  EmailField,
  FailureAlert,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from '../features/auth/components/fields.tsx';
import { ResendButton } from '../features/auth/components/resend-verification.tsx';
import { serverFieldErrors, signInErrorView, validateForm, validSubmit } from '../features/auth/form.ts';
import { authSession } from '../lib/auth/session.ts';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

function RegisterPage() {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const validation = validateForm(registerBodySchema, values);
  const mutation = useMutation({ mutationFn: (body: RegisterBody) => authSession.register(body) });
  const fromServer = serverFieldErrors(mutation.error, FIELDS);
  const errors = submitted ? { ...fromServer, ...validation.errors } : {};

  if (mutation.isSuccess) return <CheckYourEmail email={mutation.variables.email} />;

  const failure = mutation.error ? signInErrorView(mutation.error) : undefined;
  const emailTaken = mutation.error && 'status' in mutation.error && mutation.error.status === 409;

  const onSubmit = validSubmit(validation, FIELDS, setSubmitted, (data) => mutation.mutate(data));

  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <AuthLayout
      icon={UserPlus}
      eyebrow="Competitor portal"
      title="Create your account"
      intro="Register for events, build your team and keep your competitor profile up to date."
      footer={
        <p>
          Already have an account? <FooterLink to="/sign-in">Sign in</FooterLink>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {failure && (
          <FailureAlert title="The account could not be created" failure={failure}>
            {emailTaken && (
              <p>
                <CardLink to="/sign-in">Sign in</CardLink> or{' '}
                <CardLink to="/forgot-password">reset your password</CardLink>.
              </p>
            )}
          </FailureAlert>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="firstName"
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            onValueChange={set('firstName')}
            error={errors.firstName}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            onValueChange={set('lastName')}
            error={errors.lastName}
          />
        </div>
        <EmailField
          value={values.email}
          onValueChange={set('email')}
          error={errors.email}
          hint="We'll send a link to this address to confirm it's yours."
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={set('password')}
          error={errors.password}
          hint={`At least ${LOGIN_PASSWORD_MIN_LENGTH} characters.`}
        />
        <SubmitButton pending={mutation.isPending} label="Create account" pendingLabel="Creating account…" />
      </form>
    </AuthLayout>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthLayout
      icon={MailCheck}
      eyebrow="Almost there"
      title="Check your e-mail"
      footer={
        <p>
          Verified already? <FooterLink to="/sign-in">Sign in</FooterLink>
        </p>
      }
    >
      <div className="space-y-5 text-slate-700">
        <FormAlert tone="success" title="Your account has been created">
          <p>
            We sent a verification link to <strong className="break-all font-semibold">{email}</strong>. Open it to
            confirm your address, then sign in.
          </p>
        </FormAlert>
        <p className="text-sm">
          The link can take a few minutes to arrive. If you can't find it, check your spam or junk folder, or send it
          again.
        </p>
        <ResendButton email={email} />
      </div>
    </AuthLayout>
  );
}
