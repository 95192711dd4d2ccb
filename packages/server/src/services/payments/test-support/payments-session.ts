import { expect } from 'vitest';
import type { Repositories } from '../../../db/repositories/index.js';
import { get, signUp, type TestApp } from '../../../../test/test-support/test-app.js';

/** A signed-up user's access token and id, for tests that read its rows. */
export async function signUpWithId(t: TestApp, email: string) {
  const { access_token: token } = await signUp(t, email);
  const id: string = (await get(t.app, '/auth/me', token)).json().id;
  return { token, id };
}

/** The balances, after checking that each equals the sum of its ledger rows. */
export async function expectBalancesEqualLedger(repos: Repositories, userId: string) {
  const balances = await repos.credits.balances(userId);
  expect(await repos.credits.ledgerSum(userId, 'monthly')).toBe(balances.monthly);
  expect(await repos.credits.ledgerSum(userId, 'purchased')).toBe(balances.purchased);
  return balances;
}

export async function ledgerOf(repos: Repositories, userId: string, type: string) {
  return (await repos.credits.transactions(userId)).filter((row) => row.type === type);
}
