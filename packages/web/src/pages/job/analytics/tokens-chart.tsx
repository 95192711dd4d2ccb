import { useState, type MouseEvent } from 'react';
import { formatNumber } from '../../../lib/format.js';
import { distributionOf, overLimitOf, type ChunkTokens } from './chunk-tokens.js';
import analyticsStyles from './analytics.module.css';

const WIDTH = 1000;
const HEIGHT = 240;
/** Gap between bars as a share of a slot, dropped when bars get thinner than a pixel or so. */
const GAP = 0.18;

/** A few chunks would make slabs: no bar is wider than this, centred in its slot. */
const MAX_BAR = WIDTH / 14;

function barsPath(values: readonly number[], keep: (value: number) => boolean, top: number) {
  const slot = WIDTH / values.length;
  const width = Math.min(slot > 4 ? slot * (1 - GAP) : slot, MAX_BAR);
  let path = '';
  values.forEach((value, index) => {
    if (!keep(value)) return;
    const height = (Math.min(value, top) / top) * HEIGHT;
    const x = index * slot + (slot - width) / 2;
    path += `M${x.toFixed(2)} ${HEIGHT}v${(-height).toFixed(2)}h${width.toFixed(2)}v${height.toFixed(2)}z`;
  });
  return path;
}

/**
 * Tokens per chunk as bars, with the token limit and the mean as lines. One path per colour, so
 * thousands of chunks draw as cheaply as ten.
 */
export function TokensChart({ data, tokenLimit }: { data: ChunkTokens; tokenLimit: number }) {
  const [hover, setHover] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const stats = distributionOf(data.values, tokenLimit);
  const overLimit = overLimitOf(data, tokenLimit);
  // An estimate is drawn all in one colour: only a counted chunk can be over the limit.
  const isOver = (value: number) => !data.estimated && value > tokenLimit;
  const top = Math.max(stats.max, tokenLimit) * 1.08 || 1;
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const limitY = y(tokenLimit);
  const meanY = y(stats.mean);
  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * data.values.length);
    setHover(index >= 0 && index < data.values.length ? index : null);
  };
  const approx = data.estimated ? '~' : '';

  return (
    <figure className={analyticsStyles.chart}>
      <div className={analyticsStyles.chartFrame}>
        <div className={analyticsStyles.chartAxis} aria-hidden="true">
          {limitY / HEIGHT > 0.12 && (
            <span className={analyticsStyles.chartAxisTop}>{formatNumber(Math.round(top))}</span>
          )}
          <span
            style={{ top: `${(limitY / HEIGHT) * 100}%` }}
            className={analyticsStyles.chartAxisLimit}
          >
            {formatNumber(tokenLimit)}
          </span>
          <span className={analyticsStyles.chartAxisZero}>0</span>
        </div>
        <div
          className={analyticsStyles.chartPlot}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
          role="img"
          aria-label={`Tokens per chunk for ${data.values.length} chunks: smallest ${approx}${formatNumber(stats.min)}, median ${approx}${formatNumber(stats.median)}, largest ${approx}${formatNumber(stats.max)}, token limit ${formatNumber(tokenLimit)}.`}
        >
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
            <path
              className={analyticsStyles.chartBars}
              d={barsPath(data.values, (v) => !isOver(v), top)}
            />
            <path
              className={analyticsStyles.chartBarsOver}
              d={barsPath(data.values, isOver, top)}
            />
            {hover !== null && (
              <rect
                className={analyticsStyles.chartHover}
                x={(hover * WIDTH) / data.values.length}
                y={0}
                width={WIDTH / data.values.length}
                height={HEIGHT}
              />
            )}
            <line
              className={analyticsStyles.chartLimit}
              x1={0}
              x2={WIDTH}
              y1={limitY}
              y2={limitY}
            />
            <line className={analyticsStyles.chartMean} x1={0} x2={WIDTH} y1={meanY} y2={meanY} />
          </svg>
          {hover !== null && (
            <div
              className={analyticsStyles.chartTip}
              style={{ left: `${((hover + 0.5) / data.values.length) * 100}%` }}
            >
              <strong>{data.names[hover]}</strong>
              <span>
                {approx}
                {formatNumber(data.values[hover])} tokens
              </span>
              {data.spans?.[hover] && (
                <span className={analyticsStyles.chartTipFiles}>{data.spans[hover]}</span>
              )}
            </div>
          )}
        </div>
      </div>
      <figcaption className={analyticsStyles.chartLegend}>
        <span>
          <i className={`${analyticsStyles.swatch} ${analyticsStyles.swatchBar}`} /> Tokens per
          chunk
        </span>
        {overLimit > 0 && (
          <span>
            <i className={`${analyticsStyles.swatch} ${analyticsStyles.swatchOver}`} /> Over the
            limit ({overLimit})
          </span>
        )}
        <span>
          <i className={`${analyticsStyles.swatch} ${analyticsStyles.swatchLimit}`} /> Token limit{' '}
          {formatNumber(tokenLimit)}
        </span>
        <span>
          <i className={`${analyticsStyles.swatch} ${analyticsStyles.swatchMean}`} /> Mean {approx}
          {formatNumber(stats.mean)}
        </span>
        <span className="faint">
          Min {approx}
          {formatNumber(stats.min)} · Median {approx}
          {formatNumber(stats.median)} · Max {approx}
          {formatNumber(stats.max)}
        </span>
      </figcaption>
      {data.estimated && (
        <p className={`faint ${analyticsStyles.chartNote}`}>
          Estimated (this job finished before exact per-chunk counts were kept): each chunk&apos;s
          share of the tokens consumed, in proportion to the size of its output file. Estimates are
          not judged against the limit.
        </p>
      )}
      <details
        className={analyticsStyles.chartTable}
        onToggle={(event) => setShowTable(event.currentTarget.open)}
      >
        <summary>Show as a table</summary>
        {showTable && (
          <div className={analyticsStyles.chartTableScroll}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Chunk</th>
                  <th scope="col" className={analyticsStyles.num}>
                    Tokens
                  </th>
                  {data.spans && <th scope="col">Files and lines</th>}
                </tr>
              </thead>
              <tbody>
                {data.values.map((value, index) => (
                  <tr key={index}>
                    <td>{data.names[index]}</td>
                    <td className={analyticsStyles.num}>
                      {approx}
                      {formatNumber(value)}
                    </td>
                    {data.spans && (
                      <td className={analyticsStyles.chartTableFiles}>{data.spans[index]}</td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </figure>
  );
}
