// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { isWaitlistRequired, registrationScreenMessage } from './registration-error.js';

const apiError = (status: number, body: Record<string, unknown> | null) =>
  new ApiError(
    typeof body?.['detail'] === 'string' ? body['detail'] : `HTTP error! status: ${status}`,
    status,
    (body?.['code'] as string) ?? null,
    body,
  );

describe('registration error messages', () => {
  it('lists the password rules the server refused', () => {
    const error = apiError(400, {
      detail: 'Password does not meet security requirements',
      code: 'WEAK_PASSWORD',
      errors: [
        'Password must contain at least one number',
        'Password is too common and easily guessable',
      ],
    });
    expect(registrationScreenMessage(error)).toBe(
      'Password requirements not met: Password must contain at least one number, Password is too common and easily guessable',
    );
  });

  it('maps a password message without a list to the requirements sentence', () => {
    expect(
      registrationScreenMessage(
        apiError(400, {
          detail: 'Password does not meet security requirements',
          code: 'WEAK_PASSWORD',
        }),
      ),
    ).toBe("Password doesn't meet security requirements. Please check the requirements above.");
  });

  it('maps an existing account (409) before the e-mail rule', () => {
    expect(
      registrationScreenMessage(
        apiError(409, { detail: 'Email already registered', code: 'EMAIL_EXISTS' }),
      ),
    ).toBe('An account with this email already exists. Please sign in instead.');
  });

  it('maps an e-mail problem and falls back for anything else', () => {
    expect(
      registrationScreenMessage(
        apiError(400, { detail: 'Please enter a valid email address.', code: 'VALIDATION_ERROR' }),
      ),
    ).toBe('Please enter a valid email address.');
    expect(registrationScreenMessage(apiError(500, null))).toBe(
      'Registration failed. Please try again.',
    );
  });

  it('recognises the beta gate', () => {
    const error = apiError(403, {
      detail: 'This email is not approved for beta access.',
      code: 'WAITLIST_REQUIRED',
    });
    expect(isWaitlistRequired(error)).toBe(true);
    expect(registrationScreenMessage(error)).toBe('This email is not approved for beta access.');
    expect(isWaitlistRequired(apiError(403, { detail: 'Forbidden', code: 'FORBIDDEN' }))).toBe(
      false,
    );
  });
});
