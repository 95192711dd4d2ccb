import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCodeDocument } from './code-document.js';
import { CodeView } from './code-view.js';

describe('code view', () => {
  it('puts only the lines around the viewport in the page, even for 200,000 lines', () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}`).join('\n');
    const doc = createCodeDocument(text, 'big.txt');
    const { container } = render(
      <CodeView doc={doc} label="big" showLineNumbers wrap={false} fontSize={14} />,
    );
    const rendered = () => [...container.querySelectorAll<HTMLElement>('[data-line]')];
    expect(rendered().length).toBeGreaterThan(10);
    expect(rendered().length).toBeLessThan(100);
    expect(rendered()[0]!.textContent).toBe('1line 1');

    const scroller = container.querySelector('.code-view')!;
    const lineHeight = Math.round(14 * 1.6);
    fireEvent.scroll(scroller, { target: { scrollTop: lineHeight * 150_000 } });
    const lines = rendered().map((row) => Number(row.dataset['line']));
    expect(lines).toContain(150_000);
    expect(rendered().length).toBeLessThan(100);
  });

  it('highlights markdown headings and fenced code', () => {
    const doc = createCodeDocument('# Title\n```js\nconst a = "x";\n```\n', 'overview.md');
    const { container } = render(
      <CodeView doc={doc} label="md" showLineNumbers={false} wrap fontSize={14} />,
    );
    expect(container.querySelector('.tok-heading')?.textContent).toBe('# Title');
    const keywords = [...container.querySelectorAll('.tok-keyword')].map((el) => el.textContent);
    expect(keywords).toEqual(['js', 'const']);
    expect(container.querySelector('.tok-string')?.textContent).toBe('"x"');
    expect(container.querySelectorAll('.code-gutter')).toHaveLength(0);
  });
});
