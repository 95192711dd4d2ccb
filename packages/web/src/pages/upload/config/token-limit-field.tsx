import { Select } from '../../../components/ui/select.js';
import {
  formatTokenLimit,
  suggestTokenLimits,
  TOKEN_LIMIT_MODELS,
  TOKEN_LIMITS,
  type TokenLimit,
} from './token-limits.js';
import uploadPageStyles from '../upload-page.module.css';

interface TokenLimitFieldProps {
  value: TokenLimit;
  onChange(value: TokenLimit): void;
  selection: { bytes: number; files: number; languages: ReadonlySet<string> };
}

/** The token limit list with the models each size suits, and up to two suggestions. */
export function TokenLimitField({ value, onChange, selection }: TokenLimitFieldProps) {
  const suggestions = suggestTokenLimits(selection);
  return (
    <div className={`stack ${uploadPageStyles.tokenLimit}`}>
      <Select
        label="Token limit per chunk"
        value={String(value)}
        options={TOKEN_LIMITS.map((limit) => ({
          value: String(limit),
          label: `${formatTokenLimit(limit)}${limit === 128_000 ? ' (default)' : ''} · ${TOKEN_LIMIT_MODELS[limit]}`,
        }))}
        onChange={(next) => onChange(Number(next) as TokenLimit)}
      />
      {suggestions.length > 0 && (
        <div className={uploadPageStyles.suggestions}>
          <span className="faint">Suggested:</span>
          {suggestions.map((suggestion) => (
            <button
              key={suggestion.limit}
              type="button"
              className="chip"
              aria-pressed={value === suggestion.limit}
              onClick={() => onChange(suggestion.limit)}
            >
              {formatTokenLimit(suggestion.limit)}
              <span className="chip-count">{suggestion.reason}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
