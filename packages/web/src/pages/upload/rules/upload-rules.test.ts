// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shortDetails, summarizeOptions } from '../config/advanced-summary.js';
import { decideCredits } from './credit-choice.js';
import { addPatterns, patternError } from '../config/custom-patterns.js';
import type { Plan } from '@repobundle/contract';
import { countLines, creditPrice, creditsForLines, estimateSelection } from './estimate.js';
import { allowedFormat, DEFAULT_OPTIONS, overlapError, toJobFields } from '../config/job-fields.js';
import { FALLBACK_PLANS } from '../../../lib/plans.js';
import { nextPlanFor } from './next-plan.js';
import {
  canImportRepositories,
  parseRepositoryUrl,
  repositoryUrlProblem,
} from './repository-url.js';
import { normalizeTokenLimit, suggestTokenLimits } from '../config/token-limits.js';
import { overallPercent, RemainingTimeEstimator } from '../submit/upload-progress.js';
import { buildFileTree } from '../explorer/file-tree.js';
import { noTextFilesReason } from './no-text-files.js';
import { validateArchiveFile } from './validate-archive.js';

describe('estimates', () => {
  it('counts 120 bytes a line unless the content was read, 1 credit per 2,000 lines', () => {
    const estimate = estimateSelection([
      { size: 240_000 },
      { size: 1 },
      { size: 500, knownLines: 7 },
    ]);
    expect(estimate).toMatchObject({
      files: 3,
      bytes: 240_501,
      lines: 2008,
      linesExact: false,
      credits: 2,
      dollars: 0.2,
    });
    expect(creditsForLines(0)).toBe(1);
    expect(creditsForLines(2000)).toBe(1);
    expect(creditsForLines(2001)).toBe(2);
    expect(estimateSelection([]).credits).toBe(0);
  });

  it('is exact once every file is counted: lines and tokens are the sums of the counts', () => {
    const partial = estimateSelection([
      { size: 10, knownLines: 4000, tokens: 30_000 },
      { size: 1200 },
    ]);
    expect(partial).toMatchObject({ lines: 4010, linesExact: false, tokensExact: false });
    expect(partial.tokens).toBe(30_000);
    const exact = estimateSelection([
      { size: 10, knownLines: 4000, tokens: 30_000 },
      { size: 1200, knownLines: 1, tokens: 5 },
    ]);
    expect(exact).toMatchObject({
      lines: 4001,
      linesExact: true,
      tokens: 30_005,
      tokensExact: true,
      counted: 2,
      credits: 3,
    });
  });

  it("prices credits at the person's own rate from the server's price list", () => {
    // Prices as GET /payments/plans and /payments/token-packs give them, unlike the built-in
    // tables: the figure follows the server.
    const plan = (id: Plan['id'], price: number, credits: number): Plan => ({
      id,
      name: id,
      price_usd: price,
      price_cents: price * 100,
      price_usd_yearly: price * 10,
      price_cents_yearly: price * 1000,
      credits_per_month: credits,
      credits_per_month_yearly: credits,
      max_lines_per_job: 1,
      upload_limit_mb: 1,
      allowed_output_formats: ['md'],
      features: [],
    });
    const prices = {
      plans: [plan('free', 0, 100), plan('starter', 12, 1500), plan('pro', 40, 8000)],
      packs: [
        { tokens: 2_000, price: 30 },
        { tokens: 400, price: 8 },
      ],
    };
    expect(creditPrice('starter', 'monthly', 'monthly', prices)).toEqual({
      perCredit: 12 / 1500,
      basis: 'at your Starter rate',
    });
    expect(creditPrice('pro', 'yearly', 'hybrid', prices)).toEqual({
      perCredit: 400 / (8000 * 12),
      basis: 'at your Pro yearly rate',
    });
    expect(creditPrice('free', null, 'monthly', prices)).toEqual({
      perCredit: 0,
      basis: 'included in Free',
    });
    // Purchased credits: the smallest pack's price per credit.
    expect(creditPrice('pro', 'monthly', 'purchased', prices)).toEqual({
      perCredit: 0.02,
      basis: 'at credit-pack price',
    });
  });

  it('says it is the list price until the price list has loaded', () => {
    const listPrice = { perCredit: 0.1, basis: 'list price' };
    expect(creditPrice('starter', 'monthly', 'monthly', {})).toEqual(listPrice);
    expect(creditPrice('pro', 'monthly', 'purchased', { plans: [] })).toEqual(listPrice);
    expect(creditPrice('unknown-plan', 'monthly', 'monthly', { plans: [], packs: [] })).toEqual(
      listPrice,
    );
  });

  it('counts lines as the server does', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
  });
});

describe('token limits', () => {
  it('falls back to 128K outside the list', () => {
    expect(normalizeTokenLimit(64_000)).toBe(64_000);
    expect(normalizeTokenLimit(100_000)).toBe(128_000);
  });

  it('suggests at most two limits, in the spec order', () => {
    const langs = (...l: string[]) => new Set(l);
    expect(suggestTokenLimits({ bytes: 6_000_000, files: 10, languages: langs('go') })).toEqual([
      { limit: 2_000_000, reason: 'Over 5 MB selected' },
    ]);
    expect(
      suggestTokenLimits({ bytes: 3_000_000, files: 60, languages: langs('python') }).map(
        (s) => s.limit,
      ),
    ).toEqual([1_000_000, 512_000]);
    expect(
      suggestTokenLimits({ bytes: 50_000, files: 3, languages: langs('python') }).map(
        (s) => s.limit,
      ),
    ).toEqual([64_000, 128_000]);
    expect(suggestTokenLimits({ bytes: 500_000, files: 10, languages: langs('ts', 'go') })).toEqual(
      [],
    );
  });
});

describe('progress', () => {
  it('maps steps to the spec percentages', () => {
    expect(overallPercent('preparing', 0)).toBe(15);
    expect(overallPercent('processing', 50)).toBe(30);
    expect(overallPercent('uploading', 50)).toBe(65);
    expect(overallPercent('uploading', 100)).toBe(85);
    expect(overallPercent('redirecting', 0)).toBe(100);
  });

  it('estimates the time left from the last 5 speeds, every 2 s, clamped and divided by 2.5', () => {
    let now = 0;
    const estimator = new RemainingTimeEstimator(() => now);
    const total = 100_000_000;
    expect(estimator.sample(0, total)).toBe(0);
    now = 1000;
    // 1 MB/s with 99 MB to go: 99 s raw, shown as 99 / 2.5.
    expect(estimator.sample(1_000_000, total)).toBe(Math.round(99 / 2.5));
    now = 1500;
    expect(estimator.sample(5_000_000, total)).toBe(Math.round(99 / 2.5)); // within 2 s: unchanged
    now = 4000;
    // The average of the three speeds seen: 1 MB/s, 8 MB/s, then 4.5 MB in 2.5 s.
    const average = (1_000_000 + 8_000_000 + 1_800_000) / 3;
    expect(estimator.sample(9_500_000, total)).toBe(
      Math.round((total - 9_500_000) / average / 2.5),
    );

    now = 0;
    const slow = new RemainingTimeEstimator(() => now);
    slow.sample(0, total);
    now = 2000;
    // 500 B/s: days raw, capped at 600 s.
    expect(slow.sample(1000, total)).toBe(600 / 2.5);
  });
});

describe('credits', () => {
  it('is enough, hybrid or short', () => {
    const balances = { monthly: 10, purchased: 5 };
    expect(decideCredits(8, 'monthly', balances)).toEqual({ kind: 'enough' });
    expect(decideCredits(12, 'monthly', balances)).toEqual({
      kind: 'hybrid',
      needed: 12,
      available: 10,
      other: 'purchased',
    });
    expect(decideCredits(16, 'purchased', balances)).toEqual({
      kind: 'short',
      needed: 16,
      available: 5,
      total: 15,
    });
  });
});

describe('archive validation', () => {
  it('checks the name, the 200 MB cap and the plan limit', () => {
    expect(validateArchiveFile({ name: 'repo.tar.gz', size: 10 }, 200)).toBe(
      'Please upload a .zip archive',
    );
    expect(validateArchiveFile({ name: 'REPO.ZIP', size: 10 }, 200)).toBeNull();
    expect(validateArchiveFile({ name: 'a.zip', size: 201 * 1024 * 1024 }, 500)).toBe(
      'File too large. Maximum size: 200MB',
    );
    expect(validateArchiveFile({ name: 'a.zip', size: 11 * 1024 * 1024 }, 10)).toBe(
      'File too large. Maximum size: 10MB',
    );
    expect(validateArchiveFile({ name: 'a.zip', size: 0 }, 10)).toBe(
      'This file is empty (0 bytes). Please upload a ZIP archive.',
    );
  });

  it('says why nothing can be processed: what the archive holds instead of text', () => {
    const tree = buildFileTree([
      ...Array.from({ length: 42 }, (_, i) => ({ path: `img/p${i}.png`, size: 10 })),
      { path: 'fonts/a.woff2', size: 10 },
      { path: 'fonts/b.ttf', size: 10 },
      { path: 'fonts/c.otf', size: 10 },
      { path: 'node_modules/x/index.js', size: 10 },
      { path: 'yarn.lock', size: 10 },
      { path: 'data/blob.bin', size: 10 },
    ]);
    expect(noTextFilesReason(tree)).toBe(
      'No text files to process: 42 images, 3 fonts, 1 other binary file, 1 file in excluded folders, 1 lock or system file.',
    );
    expect(noTextFilesReason(buildFileTree([{ path: 'a.ts', size: 3 }]))).toBeNull();
  });
});

describe('options', () => {
  it('sends flags inverted, overlap only for fixed, gitignore_config only with patterns', () => {
    const options = { ...DEFAULT_OPTIONS, includeComments: false, chunkOverlap: 300 };
    const fields = toJobFields(options, ['a.ts'], 3, 'hybrid');
    expect(fields).toMatchObject({
      remove_comments: true,
      remove_blank_lines: false,
      show_line_numbers: true,
      chunk_overlap: 300,
      credit_type: 'hybrid',
      estimated_tokens: 3,
      use_gitignore: false,
    });
    expect(fields.gitignore_config).toBeUndefined();
    const patterns = addPatterns([], ['dist/', ' dist/ ', '*.log'], 'exclude', 'template:Node.js');
    expect(patterns.map((p) => p.pattern)).toEqual(['dist/', '*.log']);
    const withPatterns = toJobFields(
      { ...options, chunkingStrategy: 'auto', customPatterns: patterns },
      ['a.ts'],
      1,
      'monthly',
    );
    expect(withPatterns.chunk_overlap).toBe(0);
    expect(withPatterns.gitignore_config?.custom_exclude_patterns).toEqual(['dist/', '*.log']);
    expect(withPatterns.gitignore_config?.custom_patterns?.[0]?.source).toBe('template:Node.js');
  });

  it('sends compress as set, off unless asked, and names it in the summary', () => {
    expect(toJobFields(DEFAULT_OPTIONS, ['a.ts'], 1, 'monthly').compress).toBe(false);
    const on = { ...DEFAULT_OPTIONS, compress: true };
    expect(toJobFields(on, ['a.ts'], 1, 'monthly').compress).toBe(true);
    expect(summarizeOptions(on)[0]!.details).toContain('Signatures only');
    expect(summarizeOptions(DEFAULT_OPTIONS)[0]!.details).not.toContain('Signatures only');
  });

  it('sends header text and instructions only when they hold more than spaces', () => {
    const blank = toJobFields({ ...DEFAULT_OPTIONS, headerText: '  ' }, ['a.ts'], 1, 'monthly');
    expect('header_text' in blank || 'instruction_text' in blank).toBe(false);
    const words = toJobFields(
      { ...DEFAULT_OPTIONS, headerText: 'Billing', instructionText: 'Find bugs.' },
      ['a.ts'],
      1,
      'monthly',
    );
    expect(words).toMatchObject({ header_text: 'Billing', instruction_text: 'Find bugs.' });
  });

  it('sends target_model only when a model is chosen', () => {
    const none = toJobFields(DEFAULT_OPTIONS, ['a.ts'], 1, 'monthly');
    expect('target_model' in none).toBe(false);
    const chosen = toJobFields(
      { ...DEFAULT_OPTIONS, targetModel: 'llama-3.1' },
      ['a.ts'],
      1,
      'monthly',
    );
    expect(chosen.target_model).toBe('llama-3.1');
  });

  it('switches to an allowed format and validates overlap and patterns', () => {
    expect(allowedFormat('json', ['md', 'txt'])).toBe('md');
    expect(allowedFormat('txt', ['md', 'txt'])).toBe('txt');
    expect(allowedFormat('json', [])).toBe('md');
    expect(overlapError({ ...DEFAULT_OPTIONS, chunkOverlap: 64_001 })).toMatch(/at most half/);
    expect(overlapError({ ...DEFAULT_OPTIONS, chunkOverlap: 64_000 })).toBeNull();
    expect(patternError('   ')).toBe('A pattern must not be blank.');
    expect(patternError('# note')).toMatch(/comment/);
    expect(patternError('!')).toBe('A ! must be followed by a pattern.');
    expect(patternError('src/**/*.ts')).toBeNull();
  });

  it('summarises each kind of option, two details then an ellipsis', () => {
    const [output] = summarizeOptions(DEFAULT_OPTIONS);
    expect(output!.type).toBe('Output');
    expect(shortDetails(output!.details)).toBe('Markdown, Comments kept, …');
    expect(shortDetails(['a', 'b'])).toBe('a, b');
  });
});

describe('plans and repositories', () => {
  it('names the smallest plan that covers the lines', () => {
    expect(nextPlanFor(300_000, 100_000).id).toBe('starter');
    expect(nextPlanFor(1_000_000, 100_000).id).toBe('pro');
    expect(nextPlanFor(3_000_000, 2_000_000).id).toBe('enterprise');
  });

  it('names the limits of the plans the server lists, not the built-in ones', () => {
    const plans = FALLBACK_PLANS.map((plan) =>
      plan.id === 'starter' ? { ...plan, max_lines_per_job: 400_000 } : plan,
    );
    expect(nextPlanFor(300_000, 100_000, plans)).toEqual({
      id: 'starter',
      name: 'Starter',
      maxLines: 400_000,
    });
    expect(nextPlanFor(500_000, 100_000, plans).id).toBe('pro');
  });

  it('parses repository URLs and gates the feature by plan', () => {
    expect(parseRepositoryUrl('https://github.com/acme/shop')).toEqual({
      owner: 'acme',
      repo: 'shop',
      branch: 'main',
    });
    expect(parseRepositoryUrl('github.com/acme/shop/tree/release/2.x')?.branch).toBe('release/2.x');
    expect(parseRepositoryUrl('https://gitlab.com/acme/shop')?.repo).toBe('shop');
    expect(parseRepositoryUrl('https://github.com/acme')).toBeNull();
    expect(repositoryUrlProblem('https://github.com/acme')).toBe(
      'Please enter a valid GitHub repository URL',
    );
    expect(repositoryUrlProblem('github.com/acme/shop/tree/a..b')).toBe(
      'The branch or commit "a..b" contains "..".',
    );
    expect(repositoryUrlProblem('github.com/acme/shop')).toBeNull();
    expect(canImportRepositories({ role: 'free', subscription_plan: 'PRO' })).toBe(true);
    expect(canImportRepositories({ role: 'free', subscription_plan: 'free' })).toBe(false);
  });
});
