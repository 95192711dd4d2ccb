import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignUpForm } from './sign-up-form.js';

function renderForm(email = 'ada@example.com') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SignUpForm email={email} setEmail={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement,
  };
}

describe('Create account form', () => {
  it('keeps submit disabled until the password breaks no rule', () => {
    const { password, submit } = renderForm();
    expect(submit.disabled).toBe(true);
    fireEvent.change(password, { target: { value: 'kettle' } });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Password strength: Weak')).toBeTruthy();
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'Blue#Kettle9x' } });
    expect(screen.getByText('Password strength: Strong')).toBeTruthy();
    expect(submit.disabled).toBe(false);
  });

  it('shows the live message of a security rule', () => {
    const { password, submit } = renderForm();
    fireEvent.change(password, { target: { value: 'Blue#Kettle789' } });
    expect(
      screen.getByText('Password cannot contain sequential characters (e.g., 123, abc)'),
    ).toBeTruthy();
    expect(submit.disabled).toBe(true);
  });

  it('toggles the password between hidden and shown', () => {
    const { password } = renderForm();
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});
