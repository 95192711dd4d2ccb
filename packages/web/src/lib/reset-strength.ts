// The reset-password strength score: 0 to 8, one point per check.

export interface ResetStrength {
  score: number;
  label: 'Weak' | 'Medium' | 'Strong' | 'Very Strong';
  /** Bar width, score / 8. */
  ratio: number;
}

export function scoreResetPassword(password: string): number {
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9\s]/.test(password)) score++;
  if (!/(.)\1\1/.test(password)) score++;
  if (!/123|abc|qwe/i.test(password)) score++;
  return score;
}

export function resetStrength(password: string): ResetStrength {
  const score = scoreResetPassword(password);
  const label = score >= 6 ? 'Very Strong' : score >= 4 ? 'Strong' : score >= 2 ? 'Medium' : 'Weak';
  return { score, label, ratio: score / 8 };
}
