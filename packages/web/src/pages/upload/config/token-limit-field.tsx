import { Select } from '../../../components/ui/select.js';
import {
  formatTokenLimit,
  suggestTokenLimits,
  TOKEN_LIMIT_MODELS,
  TOKEN_LIMITS,
  type TokenLimit,
} from './token-limits.js';
import { Chip } from '../chip.js';
import styles from './token-limit-field.module.css';

interface TokenLimitFieldProps {
  value: TokenLimit;
  onChange(value: TokenLimit): void;
  selection: { bytes: number; files: number; languages: ReadonlySet<string> };
}

/** The token limit list with the models each size suits, and up to two suggestions. */
export function TokenLimitField({ value, onChange, selection }: TokenLimitFieldProps) {
  const suggestions = suggestTokenLimits(selection);
  return (
    <div className={`stack ${styles.tokenLimit}`}>
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
        <div className={styles.suggestions}>
          <span className="faint">Suggested:</span>
          {suggestions.map((suggestion) => (
            <Chip
              key={suggestion.limit}
              pressed={value === suggestion.limit}
              onClick={() => onChange(suggestion.limit)}
              count={suggestion.reason}
            >
              {formatTokenLimit(suggestion.limit)}
            </Chip>
          ))}
        </div>
      )}
    </div>
  );
}
