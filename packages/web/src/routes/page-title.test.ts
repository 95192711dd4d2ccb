// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.js';

describe('page titles', () => {
  it('gives every page its own title', () => {
    const paths = ['/', '/auth', '/dashboard', '/upload', '/usage', '/settings', '/pricing'];
    const titles = paths.map(pageTitle);
    expect(new Set(titles).size).toBe(paths.length);
    expect(pageTitle('/dashboard')).toBe('Dashboard · RepoBundle');
    expect(pageTitle('/jobs/0123456789abcdef')).toBe('Job 01234567 · RepoBundle');
    expect(pageTitle('/nope')).toBe('Page not found · RepoBundle');
  });
});
