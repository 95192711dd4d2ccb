import { afterEach } from 'vitest';

// Each test starts with an empty DOM and empty storage (DOM tests only; pure tests run in node).
afterEach(async () => {
  if (typeof window === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
});
