import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CodeDocument } from './code-document.js';
import { cx } from '../../lib/class-names.js';
import styles from './code-view.module.css';
import { highlightLine } from './highlight.js';
import { lineOffsets, visibleRange } from './line-layout.js';
import type { Match } from './search.js';

/** Characters of one line drawn at most; copy and download still carry the whole line. */
export const MAX_RENDERED_COLUMNS = 20_000;
const PAD_X = 16;
const GUTTER_PAD = 28;

interface CodeViewProps {
  doc: CodeDocument;
  label: string;
  showLineNumbers: boolean;
  wrap: boolean;
  fontSize: number;
  /** Line height as a multiple of the font size. */
  lineSpacing?: number;
  matches?: readonly Match[];
  /** Match indexes by line (from matchesByLine). */
  matchLines?: ReadonlyMap<number, number[]>;
  activeMatch?: number;
}

/**
 * A virtualised, read-only code view: only the lines in (and just around) the viewport are in
 * the page, so a file of a million lines scrolls like one of ten.
 */
export function CodeView({
  doc,
  label,
  showLineNumbers,
  wrap,
  fontSize,
  lineSpacing = 1.6,
  matches,
  matchLines,
  activeMatch = -1,
}: CodeViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const [charWidth, setCharWidth] = useState(fontSize * 0.6);
  const lineHeight = Math.round(fontSize * lineSpacing);

  useLayoutEffect(() => {
    const width = probe.current?.getBoundingClientRect().width ?? 0;
    setCharWidth(width > 0 ? width / 100 : fontSize * 0.6);
  }, [fontSize]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const read = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const gutterWidth = showLineNumbers
    ? Math.ceil(String(doc.lines.length).length * charWidth) + GUTTER_PAD
    : 0;
  const wrapCols = wrap
    ? Math.max(8, Math.floor((size.width - gutterWidth - PAD_X * 2) / charWidth))
    : null;

  // Heights read from the page where the arithmetic was off (wide characters); reset whenever
  // the arithmetic itself changes.
  const [measured, setMeasured] = useState<Map<number, number>>(() => new Map());
  useEffect(() => setMeasured(new Map()), [doc, wrapCols, lineHeight]);

  const offsets = useMemo(
    () => lineOffsets(doc.columns, lineHeight, wrapCols, measured),
    [doc, lineHeight, wrapCols, measured],
  );
  const { start, end } = visibleRange(offsets, scrollTop, size.height || 600);
  const totalHeight = offsets[doc.lines.length]!;
  const contentWidth = wrap
    ? undefined
    : gutterWidth + PAD_X * 2 + Math.min(doc.widest, MAX_RENDERED_COLUMNS) * charWidth;

  // After every render: it compares the rows on the page with the arithmetic, and sets state only
  // when a height differs, so it settles after one correction.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs after every render on purpose
  useLayoutEffect(() => {
    if (!wrap || !scroller.current) return;
    let changed: Map<number, number> | null = null;
    for (const row of scroller.current.querySelectorAll<HTMLElement>('[data-line]')) {
      const line = Number(row.dataset['line']);
      const actual = row.offsetHeight;
      const expected = offsets[line + 1]! - offsets[line]!;
      if (actual > 0 && Math.abs(actual - expected) > 1) {
        changed ??= new Map(measured);
        changed.set(line, actual);
      }
    }
    if (changed) setMeasured(changed);
  });

  // Bring the current search result into view, vertically and (without wrap) horizontally.
  const active = matches?.[activeMatch];
  useEffect(() => {
    const element = scroller.current;
    if (!active || !element) return;
    const top = offsets[active.line]!;
    const height = element.clientHeight || 600;
    if (top < element.scrollTop || top + lineHeight > element.scrollTop + height) {
      element.scrollTop = Math.max(0, top - height / 3);
    }
    if (!wrap) {
      const left = gutterWidth + PAD_X + active.start * charWidth;
      const visible = element.clientWidth - gutterWidth;
      if (left < element.scrollLeft + gutterWidth || left > element.scrollLeft + visible - 40) {
        element.scrollLeft = Math.max(0, left - gutterWidth - visible / 3);
      }
    }
    // Only a new result scrolls: offsets also change with layout, and scrolling again for those
    // would fight the person's own scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately keyed on the result
  }, [active]);

  const rows = [];
  for (let line = start; line < end; line++) {
    rows.push(
      <CodeLine
        key={line}
        line={line}
        text={doc.lines[line]!}
        top={offsets[line]!}
        height={offsets[line + 1]! - offsets[line]!}
        doc={doc}
        gutterWidth={gutterWidth}
        matchIndexes={matchLines?.get(line)}
        matches={matches}
        activeMatch={activeMatch}
      />,
    );
  }

  return (
    <div
      ref={scroller}
      className={cx(styles.view, wrap && styles.wrap)}
      style={{ fontSize, lineHeight: `${lineHeight}px` }}
      role="region"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <span ref={probe} className={styles.probe} aria-hidden="true">
        {'0'.repeat(100)}
      </span>
      <div className={styles.canvas} style={{ height: totalHeight, width: contentWidth }}>
        {rows}
      </div>
    </div>
  );
}

interface CodeLineProps {
  line: number;
  text: string;
  top: number;
  height: number;
  doc: CodeDocument;
  gutterWidth: number;
  matchIndexes: number[] | undefined;
  matches: readonly Match[] | undefined;
  activeMatch: number;
}

const CodeLine = memo(function CodeLine({
  line,
  text,
  top,
  height,
  doc,
  gutterWidth,
  matchIndexes,
  matches,
  activeMatch,
}: CodeLineProps) {
  const shown = text.length > MAX_RENDERED_COLUMNS ? text.slice(0, MAX_RENDERED_COLUMNS) : text;
  return (
    <div className={styles.line} data-line={line} style={{ top, minHeight: height }}>
      {gutterWidth > 0 && (
        <span
          className={styles.gutter}
          style={{ width: gutterWidth }}
          aria-hidden="true"
          data-gutter
        >
          {line + 1}
        </span>
      )}
      <span className={styles.text} data-line-text>
        {matchIndexes && matches ? (
          <Marked text={shown} indexes={matchIndexes} matches={matches} active={activeMatch} />
        ) : (
          highlightLine(shown, doc.language, doc.states?.[line] ?? 0).map((token, index) =>
            token.kind === 'plain' ? (
              token.text
            ) : (
              <span key={index} className={styles[token.kind]} data-token={token.kind}>
                {token.text}
              </span>
            ),
          )
        )}
        {shown.length < text.length && (
          <span className={styles.more}>
            {' '}
            … {(text.length - shown.length).toLocaleString('en-US')} more characters
          </span>
        )}
      </span>
    </div>
  );
});

function Marked({
  text,
  indexes,
  matches,
  active,
}: {
  text: string;
  indexes: number[];
  matches: readonly Match[];
  active: number;
}) {
  const parts = [];
  let last = 0;
  for (const index of indexes) {
    const match = matches[index]!;
    if (match.start >= text.length) break;
    if (match.start > last) parts.push(text.slice(last, match.start));
    parts.push(
      <mark
        key={index}
        className={cx(styles.hit, index === active && styles.hitActive)}
        data-active={index === active || undefined}
      >
        {text.slice(match.start, match.end)}
      </mark>,
    );
    last = match.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
