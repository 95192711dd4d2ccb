import { isApiError } from '../api/api-error.js';

// The client wrapper turns a failed registration into a message, then
// the screen maps that message to the sentence it shows.

export const WAITLIST_MESSAGE = 'This email is not approved for beta access.';

export function isWaitlistRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  return error.code === 'WAITLIST_REQUIRED' || error.message === 'WAITLIST_REQUIRED';
}

function fieldErrors(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const errors = (body as Record<string, unknown>)['errors'];
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return errors.map((entry) =>
    typeof entry === 'string'
      ? entry
      : typeof entry === 'object' && entry !== null && 'message' in entry
        ? String((entry as { message: unknown }).message)
        : String(entry),
  );
}

/** The wrapper's message for a failed POST /auth/register. */
export function registrationWrapperMessage(error: unknown): {
  message: string;
  errors: string[] | null;
} {
  if (!isApiError(error)) {
    return {
      message: error instanceof Error ? error.message : 'Registration failed.',
      errors: null,
    };
  }
  const errors = fieldErrors(error.body);
  const hasDetail = !error.message.startsWith('HTTP error!');
  switch (error.status) {
    case 400:
      if (hasDetail) return { message: error.message, errors };
      if (errors) return { message: errors.join(', '), errors };
      return { message: 'Invalid registration data. Please check your input.', errors };
    case 403:
      if (isWaitlistRequired(error)) return { message: WAITLIST_MESSAGE, errors: null };
      return { message: hasDetail ? error.message : 'Registration failed.', errors };
    case 409:
      return { message: 'An account with this email already exists.', errors };
    case 422:
      return { message: 'Validation failed. Please check your input.', errors };
    default:
      return { message: hasDetail ? error.message : 'Registration failed.', errors };
  }
}

/** The sentence the Create account tab shows. */
export function registrationScreenMessage(error: unknown): string {
  const { message, errors } = registrationWrapperMessage(error);
  if (message === WAITLIST_MESSAGE) return message;
  if (errors && errors.length > 0) return `Password requirements not met: ${errors.join(', ')}`;
  const lower = message.toLowerCase();
  if (lower.includes('already exists') || lower.includes('already registered')) {
    return 'An account with this email already exists. Please sign in instead.';
  }
  if (lower.includes('password')) {
    return "Password doesn't meet security requirements. Please check the requirements above.";
  }
  if (lower.includes('email')) return 'Please enter a valid email address.';
  return 'Registration failed. Please try again.';
}
