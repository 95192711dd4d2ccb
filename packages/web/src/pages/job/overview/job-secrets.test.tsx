import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobSecrets } from '@repobundle/contract';
import { makeJob } from '../job-test-utils.js';
import { JobSecretsCard } from './job-secrets.js';

const statistics = {
  files: 3,
  skipped_files: 0,
  lines: 40,
  tokens: 400,
  chunks: 1,
  output_tokens: 420,
  output_files: 2,
  processing_ms: 80,
};

const found: JobSecrets = {
  redacted: false,
  files: 2,
  found: { 'github-token': 2, 'private-key-file': 1 },
  low_confidence: { 'github-token': 1, 'private-key-file': 1 },
  by_file: [
    { path: 'src/ci.ts', type: 'github-token', confidence: 'high', count: 1 },
    { path: 'src/ci.ts', type: 'github-token', confidence: 'low', count: 1 },
    { path: 'deploy/key.pem', type: 'private-key-file', confidence: 'low', count: 1 },
  ],
  by_file_truncated: false,
  private_key_files: ['deploy/key.pem'],
  hint: 'content unchanged: run again with --redact-secrets (job option redact_secrets)',
};

describe('Likely Secrets card', () => {
  it('with redaction off shows the counts, the key warning and how to redact', () => {
    render(
      <JobSecretsCard
        job={makeJob({
          status: 'succeeded',
          redact_secrets: false,
          statistics: { ...statistics, secrets: found },
        })}
      />,
    );
    expect(screen.getByTestId('secrets-summary').textContent).toBe(
      '3 likely secrets in 2 files, 2 of low confidence',
    );
    const types = screen.getByRole('list', { name: 'Likely secrets by type' }).textContent;
    expect(types).toContain('github-token 2 (1 low confidence)');
    expect(screen.getByRole('alert').textContent).toContain('deploy/key.pem');
    expect(screen.getByText(/The output still contains them/).parentElement?.textContent).toMatch(
      /Run the job again with Secret Detection enabled/,
    );
  });

  it('with redaction on says the values were replaced', () => {
    render(
      <JobSecretsCard
        job={makeJob({
          status: 'succeeded',
          statistics: { ...statistics, secrets: { ...found, redacted: true, hint: null } },
        })}
      />,
    );
    expect(screen.getByText(/Redacted in the output/)).toBeTruthy();
    expect(screen.queryByText(/The output still contains them/)).toBeNull();
  });

  it('says when nothing was found, and shows nothing for jobs without the report', () => {
    const none: JobSecrets = {
      ...found,
      files: 0,
      found: {},
      low_confidence: {},
      by_file: [],
      private_key_files: [],
      hint: null,
    };
    const { unmount } = render(
      <JobSecretsCard job={makeJob({ statistics: { ...statistics, secrets: none } })} />,
    );
    expect(screen.getByText('No likely secrets found.')).toBeTruthy();
    unmount();
    const { container } = render(<JobSecretsCard job={makeJob({ statistics })} />);
    expect(container.textContent).toBe('');
  });
});
