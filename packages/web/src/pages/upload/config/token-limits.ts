// The token limits a job may use, with the models each size suits.

export const TOKEN_LIMITS = [
  32_000, 64_000, 128_000, 256_000, 512_000, 1_000_000, 2_000_000,
] as const;
export type TokenLimit = (typeof TOKEN_LIMITS)[number];
export const DEFAULT_TOKEN_LIMIT: TokenLimit = 128_000;

export const TOKEN_LIMIT_MODELS: Readonly<Record<TokenLimit, string>> = {
  32_000: 'GPT-4 (32K), Mistral 7B',
  64_000: 'Mixtral, DeepSeek Coder',
  128_000: 'GPT-4o, Llama 3.1, Mistral Large',
  256_000: 'Long-context models',
  512_000: 'Extended-context models',
  1_000_000: 'GPT-4.1, Gemini Flash',
  2_000_000: 'Gemini Pro',
};

export function formatTokenLimit(limit: number): string {
  return limit >= 1_000_000 ? `${limit / 1_000_000}M` : `${limit / 1000}K`;
}

/** Anything outside the list falls back to the default. */
export function normalizeTokenLimit(value: number): TokenLimit {
  return (TOKEN_LIMITS as readonly number[]).includes(value)
    ? (value as TokenLimit)
    : DEFAULT_TOKEN_LIMIT;
}

export interface TokenLimitSuggestion {
  limit: TokenLimit;
  reason: string;
}

/** The spec's suggestions, in its order, each limit once, at most two. */
export function suggestTokenLimits(selection: {
  bytes: number;
  files: number;
  languages: ReadonlySet<string>;
}): TokenLimitSuggestion[] {
  const all: TokenLimitSuggestion[] = [];
  if (selection.bytes > 5_000_000) all.push({ limit: 2_000_000, reason: 'Over 5 MB selected' });
  else if (selection.bytes > 2_000_000) {
    all.push({ limit: 1_000_000, reason: 'Over 2 MB selected' });
  } else if (selection.bytes > 0 && selection.bytes < 100_000) {
    all.push({ limit: 64_000, reason: 'Small selection' });
  }
  if (selection.files > 100) all.push({ limit: 2_000_000, reason: 'More than 100 files' });
  else if (selection.files > 50) all.push({ limit: 512_000, reason: 'More than 50 files' });
  if (selection.languages.size === 1 && selection.languages.has('python')) {
    all.push({ limit: 128_000, reason: 'Python project' });
  }
  const seen = new Set<number>();
  return all.filter((item) => !seen.has(item.limit) && seen.add(item.limit)).slice(0, 2);
}
