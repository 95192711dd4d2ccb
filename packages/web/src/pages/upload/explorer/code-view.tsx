import { useMemo } from 'react';
import { blockCommentStarts, highlightLine } from '../../../lib/code-browser/highlight.js';
import { useVirtualWindow } from './use-virtual-window.js';

/** Characters of one line shown; minified files keep the view responsive. */
const MAX_LINE_CHARS = 2000;

interface CodeViewProps {
  text: string;
  language: string;
  fontSize: number;
}

/**
 * Virtualised, highlighted code: lines are split once, and only the lines on screen are
 * tokenised and rendered, so multi-megabyte files scroll like small ones.
 */
export function CodeView({ text, language, fontSize }: CodeViewProps) {
  const lines = useMemo(() => {
    const split = text.split('\n');
    if (split.length > 1 && split[split.length - 1] === '') split.pop();
    return split;
  }, [text]);
  const comments = useMemo(() => blockCommentStarts(lines, language), [lines, language]);
  const widest = useMemo(
    () => lines.reduce((max, line) => Math.max(max, Math.min(line.length, MAX_LINE_CHARS + 1)), 0),
    [lines],
  );
  const lineHeight = Math.round(fontSize * 1.65);
  const windowing = useVirtualWindow(lines.length, lineHeight, 20);
  const gutter = String(lines.length).length;

  const rendered = [];
  for (let index = windowing.start; index < windowing.end; index++) {
    const full = lines[index]!;
    const cut = full.length > MAX_LINE_CHARS;
    const line = cut ? full.slice(0, MAX_LINE_CHARS) : full;
    rendered.push(
      <div
        key={index}
        className="code-line"
        style={{ transform: `translateY(${index * lineHeight}px)`, height: lineHeight }}
      >
        <span className="code-gutter" style={{ width: `${gutter + 2}ch` }}>
          {index + 1}
        </span>
        <span className="code-text">
          {highlightLine(line, language, comments?.[index] === 1).map((token, at) =>
            token.kind === 'plain' ? (
              token.text
            ) : (
              <span key={at} className={`tok-${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
          {cut && (
            <span className="code-cut">
              {' '}
              … line continues ({full.length.toLocaleString('en-US')} characters)
            </span>
          )}
        </span>
      </div>,
    );
  }

  return (
    <div
      ref={windowing.ref}
      className="code-scroll"
      style={{ fontSize, lineHeight: `${lineHeight}px` }}
      onScroll={windowing.onScroll}
      tabIndex={0}
      role="region"
      aria-label="File content"
    >
      <div
        className="code-inner"
        style={{ height: windowing.totalHeight, width: `calc(${widest + gutter + 6}ch + 24px)` }}
      >
        {rendered}
      </div>
    </div>
  );
}
