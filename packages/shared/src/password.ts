/** Spec §5 password rule, shared by server and web. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;

export type TPasswordProblem = 'required' | 'length' | 'spaces' | 'variety';

/**
 * 8 to 15 characters, at least two of: uppercase, lowercase, digit, special character; no spaces.
 * Returns null when the password is acceptable, otherwise the first problem found.
 */
export function checkPassword(password: string | null | undefined): TPasswordProblem | null {
  if (!password) return 'required';
  if (/\s/.test(password)) return 'spaces';
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9\s]/].filter((re) => re.test(password)).length;
  if (kinds < 2) return 'variety';
  return null;
}

export function isValidPassword(password: string | null | undefined): boolean {
  return checkPassword(password) === null;
}
