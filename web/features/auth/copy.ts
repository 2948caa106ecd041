/** Texts of the auth screens that carry a rule (the same words whatever the server knows). */

/** Forgot-password success: the same words whether or not the address has an account, so the page reveals nobody's. */
export const FORGOT_PASSWORD_SENT_TEXT =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works for a limited time. If nothing arrives within a few minutes, check your spam folder.';

/** Resend-verification success: again silent about whether the address exists. */
export const RESEND_SENT_TEXT =
  'If that address belongs to an account that still needs verifying, a new link is on its way. It can take a few minutes to arrive; check your spam folder too.';

export const INVALID_RESET_LINK_TEXT =
  'This password reset link is invalid or has expired. Links can be used once and only for a limited time.';

export const INVALID_VERIFY_LINK_TEXT =
  'This verification link is invalid or has expired. Enter your e-mail address and we will send a new one.';
