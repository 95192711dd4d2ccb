import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCodeDocument } from './code-document.js';
import { CodeView } from './code-view.js';

describe('code view', () => {
  it('puts only the lines around the viewport in the page, even for 200,000 lines', () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}`).join('\n');
    const doc = createCodeDocument(text, 'text');
    const { container } = render(
      <CodeView doc={doc} label="big" showLineNumbers wrap={false} fontSize={14} />,
    );
    const rendered = () => [...container.querySelectorAll<HTMLElement>('[data-line]')];
    expect(rendered().length).toBeGreaterThan(10);
    expect(rendered().length).toBeLessThan(100);
    expect(rendered()[0]!.textContent).toBe('1line 1');

    const scroller = screen.getByRole('region', { name: 'big' });
    const lineHeight = Math.round(14 * 1.6);
    fireEvent.scroll(scroller, { target: { scrollTop: lineHeight * 150_000 } });
    const lines = rendered().map((row) => Number(row.dataset['line']));
    expect(lines).toContain(150_000);
    expect(rendered().length).toBeLessThan(100);
  });

  it('highlights markdown headings and fenced code', () => {
    const doc = createCodeDocument('# Title\n```js\nconst a = "x";\n```\n', 'markdown');
    const { container } = render(
      <CodeView doc={doc} label="md" showLineNumbers={false} wrap fontSize={14} />,
    );
    const tokens = (kind: string) =>
      [...container.querySelectorAll(`[data-token="${kind}"]`)].map((el) => el.textContent);
    expect(tokens('heading')).toEqual(['# Title']);
    expect(tokens('keyword')).toEqual(['js', 'const']);
    expect(tokens('string')).toEqual(['"x"']);
    // Without line numbers a line is its text alone.
    expect(container.querySelector('[data-line="0"]')?.textContent).toBe('# Title');
  });
});
