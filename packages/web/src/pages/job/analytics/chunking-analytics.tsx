import type { ChunkingAnalytics, ChunkingComparison, JobFile } from '../../../api/types.js';
import { Icon, type IconName } from '../../../components/ui/icons.js';
import { formatNumber } from '../../../lib/format.js';
import { JobIcon } from '../job-icons.js';
import { STRATEGY_LABELS } from '../job-labels.js';
import { scoreTone, utilizationTone, type ScoreTone } from './analytics-colors.js';
import { chunkTokens } from './chunk-tokens.js';
import { TokensChart } from './tokens-chart.js';
import { cx } from '../../../lib/class-names.js';
import analyticsStyles from './analytics.module.css';

function Score({
  label,
  value,
  tone,
  hint,
}: {
  label: string;
  value: number;
  tone: ScoreTone;
  hint: string;
}) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <div className={cx(analyticsStyles.score, SCORE_TONE_CLASSES[tone])}>
      <div className={analyticsStyles.scoreTop}>
        <span className={analyticsStyles.scoreLabel}>{label}</span>
        <span className={analyticsStyles.scoreValue}>{value.toFixed(1)}%</span>
      </div>
      <div
        className={analyticsStyles.scoreBar}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className={`faint ${analyticsStyles.scoreHint}`}>{hint}</span>
    </div>
  );
}

function Trend({
  label,
  trend,
  delta,
  compared,
}: {
  label: string;
  trend: ChunkingComparison['utilization_trend'];
  delta: number | undefined;
  compared: number | undefined;
}) {
  const icon = trend === 'up' ? 'trendUp' : trend === 'down' ? 'trendDown' : 'minus';
  const amount = delta === undefined ? '' : ` ${delta > 0 ? '+' : ''}${delta.toFixed(1)} pts`;
  return (
    <div className={cx(analyticsStyles.trend, TREND_CLASSES[trend])}>
      <JobIcon name={icon} size={18} />
      <div>
        <strong>
          {label} {trend === 'stable' ? 'stable' : trend}
          {amount}
        </strong>
        <span className="faint">
          {compared === undefined
            ? 'against your previous jobs'
            : `against the average of your last ${compared} ${compared === 1 ? 'job' : 'jobs'}`}
        </span>
      </div>
    </div>
  );
}

// Tones, trends and suggestion kinds without a class of their own keep the base look.
const SCORE_TONE_CLASSES: Record<ScoreTone, string | undefined> = {
  good: analyticsStyles.scoreGood,
  low: analyticsStyles.scoreLow,
  neutral: undefined,
};
const TREND_CLASSES: Partial<Record<string, string>> = {
  up: analyticsStyles.trendUp,
  down: analyticsStyles.trendDown,
  stable: analyticsStyles.trendStable,
};
const SUGGESTION_CLASSES: Partial<Record<string, string>> = {
  improvement: analyticsStyles.suggestionImprovement,
  warning: analyticsStyles.suggestionWarning,
};

const SUGGESTION_ICONS: Record<string, IconName> = {
  improvement: 'sparkles',
  warning: 'alert',
  info: 'info',
};

/** The analytics of a succeeded job: scores, how it compares, suggestions, tokens per chunk. */
export function ChunkingAnalyticsView({
  analytics,
  files,
}: {
  analytics: ChunkingAnalytics;
  files: readonly JobFile[] | undefined;
}) {
  const tokens = files || analytics.chunks?.length ? chunkTokens(analytics, files ?? []) : null;
  const fixedWindows = analytics.strategy === 'fixed';
  const comparison = analytics.comparison;
  const strategy =
    STRATEGY_LABELS[analytics.strategy as keyof typeof STRATEGY_LABELS] ?? analytics.strategy;
  return (
    <div className={`stack ${analyticsStyles.analyticsBody}`}>
      <dl className={analyticsStyles.analyticsFacts}>
        <div>
          <dt>Chunks</dt>
          <dd>{formatNumber(analytics.total_chunks)}</dd>
        </div>
        <div>
          <dt>Avg tokens / chunk</dt>
          <dd>{formatNumber(analytics.avg_tokens_per_chunk)}</dd>
        </div>
        <div>
          <dt>Tokens consumed</dt>
          <dd>{formatNumber(analytics.llm_tokens_consumed)}</dd>
        </div>
        <div>
          <dt>Token limit</dt>
          <dd>{formatNumber(analytics.token_limit)}</dd>
        </div>
        <div>
          <dt>Strategy</dt>
          <dd>{strategy}</dd>
        </div>
        <div>
          <dt>Files · lines</dt>
          <dd>
            {formatNumber(analytics.file_count)} · {formatNumber(analytics.line_count)}
          </dd>
        </div>
      </dl>

      <div className={analyticsStyles.scores}>
        <Score
          label="Utilization"
          value={analytics.utilization}
          tone={utilizationTone(analytics.utilization)}
          hint="Average chunk size against the token limit"
        />
        <Score
          label="Performance score"
          value={analytics.performance_score}
          tone={scoreTone(analytics.performance_score)}
          hint="40% utilization, 30% boundary, 30% context"
        />
        <Score
          label="Boundary score"
          value={analytics.boundary_score}
          tone={scoreTone(analytics.boundary_score)}
          hint="Cuts that fall between files or definitions"
        />
        <Score
          label="Context score"
          value={analytics.context_score}
          tone={scoreTone(analytics.context_score)}
          hint="Chunks that hold whole units of code"
        />
      </div>
      <p className={`faint ${analyticsStyles.scoresNote}`} data-testid="scores-note">
        These scores compare strategies on the same code; they do not grade the job.{' '}
        {fixedWindows
          ? 'Fixed Size cuts every window at the token limit wherever it falls, as requested, so low boundary and context scores are expected here: try File Based or Semantic to keep files and definitions whole.'
          : 'Boundary counts cuts that fall between files or definitions; context counts chunks whose pieces are all whole units.'}
      </p>

      {comparison && (
        <div className={analyticsStyles.trends}>
          {comparison.compared_jobs === 0 ? (
            <div className={`${analyticsStyles.trend} ${analyticsStyles.trendStable}`}>
              <JobIcon name="minus" size={18} />
              <div>
                <strong>Nothing to compare yet</strong>
                <span className="faint">Trends appear once you have run more jobs.</span>
              </div>
            </div>
          ) : (
            <>
              <Trend
                label="Utilization"
                trend={comparison.utilization_trend}
                delta={comparison.utilization_delta}
                compared={comparison.compared_jobs}
              />
              <Trend
                label="Performance"
                trend={comparison.performance_trend}
                delta={comparison.performance_delta}
                compared={comparison.compared_jobs}
              />
            </>
          )}
        </div>
      )}

      <div>
        <h3 className={analyticsStyles.analyticsSubtitle}>Tokens per chunk</h3>
        {tokens ? (
          <TokensChart data={tokens} tokenLimit={analytics.token_limit} />
        ) : (
          <p className="faint">{files ? 'No chunk files to chart.' : 'Loading chunk sizes...'}</p>
        )}
      </div>

      <div>
        <h3 className={analyticsStyles.analyticsSubtitle}>Suggestions</h3>
        {analytics.suggestions.length === 0 ? (
          <p className={`muted ${analyticsStyles.suggestionsNone}`}>
            <Icon name="check" size={16} /> No suggestions: this chunking looks well tuned.
          </p>
        ) : (
          <ul className={analyticsStyles.suggestions}>
            {analytics.suggestions.map((suggestion, index) => (
              <li
                key={index}
                className={cx(analyticsStyles.suggestion, SUGGESTION_CLASSES[suggestion.type])}
              >
                <span className={analyticsStyles.suggestionIcon}>
                  <Icon name={SUGGESTION_ICONS[suggestion.type] ?? 'info'} size={17} />
                </span>
                <div>
                  <strong>{suggestion.title}</strong>
                  <p>{suggestion.description}</p>
                  <p className={analyticsStyles.suggestionRecommendation}>
                    <JobIcon name="lightbulb" size={14} /> {suggestion.recommendation}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
