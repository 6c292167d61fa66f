/** Client-side checks of the sign-in and registration forms (product spec, section 5). */
export const credentialMessages = {
  missing: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be less than 100 characters long',
  terms: 'Please accept the terms to continue',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;

export interface LoginFields {
  email: string;
  password: string;
}

export interface RegisterFields {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

/** The first problem with the sign-in form, or undefined when it may be sent. */
export function validateLogin({ email, password }: LoginFields): string | undefined {
  if (email.trim() === '' || password === '') return credentialMessages.missing;
  return undefined;
}

/** The first problem with the registration form, in the order the spec lists them. */
export function validateRegister(fields: RegisterFields): string | undefined {
  const { name, email, password, confirmPassword } = fields;
  if (name.trim() === '' || email.trim() === '' || password === '' || confirmPassword === '') {
    return credentialMessages.missing;
  }
  if (password !== confirmPassword) return credentialMessages.mismatch;
  // Characters as people count them (code points), not UTF-16 units: an emoji is one.
  const length = [...password].length;
  if (length < PASSWORD_MIN) return credentialMessages.tooShort;
  if (length > PASSWORD_MAX) return credentialMessages.tooLong;
  if (!fields.acceptedTerms) return credentialMessages.terms;
  return undefined;
}
