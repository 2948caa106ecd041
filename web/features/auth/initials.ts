// Apart from the forms' helpers: the account button is on every page, the forms are not.

/** Initials for the account button: 'Casey Nguyen' → 'CN'; falls back to the e-mail's first letter. */
export function initialsOf(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  if (letters) return letters;
  return (user.email?.trim().charAt(0) ?? '?').toUpperCase() || '?';
}
