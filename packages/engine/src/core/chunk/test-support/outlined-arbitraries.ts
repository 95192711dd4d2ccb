// Test support only (imported by *.test.ts): random sources with the outline a parser would give.
import fc from 'fast-check';
import type { OutlineNode, SyntaxOutline } from '../../syntax/outline.js';

/** A statement's text: anything but a line break, multi-byte and markup-like text included. */
const statementText = fc
  .array(
    fc.constantFrom(
      'x',
      ' = ',
      'foo(bar)',
      '"str"',
      '`t`',
      '```',
      '😀',
      '漢字',
      'e\u0301',
      '<a href="x">',
      '&amp;',
      '{',
      '}',
      '\t',
      '  ',
      'return 42',
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => `${parts.join('')};`);
/** Long enough to exceed small limits on its own. */
const longStatement = fc
  .array(fc.constantFrom('abc ', 'x+y ', '😀', '"s" '), { minLength: 200, maxLength: 1200 })
  .map((parts) => `${parts.join('')};`);

export type SourceItem =
  | { readonly type: 'definition'; readonly keyword: string; readonly body: readonly SourceItem[] }
  | { readonly type: 'statements'; readonly texts: readonly string[] }
  | { readonly type: 'blank' }
  | { readonly type: 'comment' };

const { items } = fc.letrec<{ items: SourceItem[]; item: SourceItem }>((tie) => ({
  items: fc.array(tie('item'), { maxLength: 8 }),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    {
      weight: 6,
      arbitrary: fc.record({
        type: fc.constant('statements' as const),
        texts: fc.array(
          fc.oneof(
            { weight: 20, arbitrary: statementText },
            { weight: 1, arbitrary: longStatement },
          ),
          { minLength: 1, maxLength: 3 },
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'blank' as const }) },
    { weight: 1, arbitrary: fc.constant({ type: 'comment' as const }) },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant('definition' as const),
        keyword: fc.constantFrom('class', 'function', 'method'),
        body: tie('items') as fc.Arbitrary<SourceItem[]>,
      }),
    },
  ),
}));

export interface OutlinedSource {
  readonly content: string;
  readonly outline: SyntaxOutline;
}

/** A source file: definitions nesting statements and definitions, LF or CRLF, with its outline. */
export const outlinedSource: fc.Arbitrary<OutlinedSource> = fc
  .record({
    items: fc.array(items, { minLength: 1, maxLength: 6 }).map((lists) => lists.flat()),
    crlf: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ items: list, crlf, finalNewline }) =>
    renderSource(list, crlf ? '\r\n' : '\n', finalNewline),
  );

/**
 * Writes items one per line, bodies indented, definitions as `keyword nameN {` ... `}` named
 * "keyword nameN"; every statement is a leaf node, several statements of one item share a line.
 */
export function renderSource(
  list: readonly SourceItem[],
  newline: string,
  finalNewline: boolean,
): OutlinedSource {
  let content = '';
  let counter = 0;
  const emit = (indent: string, items: readonly SourceItem[]): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    for (const item of items) {
      if (item.type === 'blank') {
        content += newline;
      } else if (item.type === 'comment') {
        const start = content.length + indent.length;
        content += `${indent}// note ${counter++}${newline}`;
        nodes.push({ start, end: content.length - newline.length, kind: 'comment', children: [] });
      } else if (item.type === 'statements') {
        content += indent;
        item.texts.forEach((text, index) => {
          if (index > 0) content += ' ';
          nodes.push({
            start: content.length,
            end: content.length + text.length,
            kind: 'statement',
            children: [],
          });
          content += text;
        });
        content += newline;
      } else {
        const name = `${item.keyword} ${item.keyword[0]}${counter++}`;
        const start = content.length + indent.length;
        content += `${indent}${name} {${newline}`;
        const children = emit(`${indent}  `, item.body);
        content += `${indent}}`;
        nodes.push({
          start,
          end: content.length,
          kind: `${item.keyword}_definition`,
          name,
          children,
        });
        content += newline;
      }
    }
    return nodes;
  };
  const nodes = emit('', list);
  if (!finalNewline && content.endsWith(newline)) content = content.slice(0, -newline.length);
  return { content, outline: { grammar: 'generated', nodes, hasErrors: false } };
}
