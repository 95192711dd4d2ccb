// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blockCommentStarts, highlightLine } from './highlight.js';

const kinds = (line: string, language: string, inComment = false) =>
  highlightLine(line, language, inComment)
    .filter((token) => token.kind !== 'plain')
    .map((token) => `${token.kind}:${token.text}`);

describe('highlightLine', () => {
  it('marks keywords, strings, numbers, types and comments', () => {
    expect(kinds('const x: Item = "a // b" + 42; // done', 'typescript')).toEqual([
      'keyword:const',
      'type:Item',
      'string:"a // b"',
      'number:42',
      'comment:// done',
    ]);
    expect(kinds("def run(self): return 'ok'  # note", 'python')).toEqual([
      'keyword:def',
      'keyword:self',
      'keyword:return',
      "string:'ok'",
      'comment:# note',
    ]);
    expect(kinds('<a href="/x">Go</a>', 'html')).toEqual([
      'tag:<a',
      'attr:href',
      'string:"/x"',
      'tag:>',
      'tag:</a>',
    ]);
    expect(kinds("<p>Don't panic</p>", 'html')).toEqual(['tag:<p>', 'tag:</p>']);
  });

  it('keeps the text intact and leaves prose and plain text alone', () => {
    const line = 'let s = `tpl ${x}`; /* c */ y++';
    expect(
      highlightLine(line, 'javascript')
        .map((t) => t.text)
        .join(''),
    ).toBe(line);
    expect(kinds('# Title', 'markdown')).toEqual(['keyword:# Title']);
    expect(kinds('Some Words here', 'markdown')).toEqual([]);
    expect(kinds('const x = 1', 'text')).toEqual([]);
  });

  it('carries block comments across lines', () => {
    const lines = ['a(); /* start', 'middle', 'end */ b();', 'c();'];
    const starts = blockCommentStarts(lines, 'typescript')!;
    expect([...starts]).toEqual([0, 1, 1, 0]);
    expect(kinds(lines[1]!, 'typescript', true)).toEqual(['comment:middle']);
    expect(kinds(lines[2]!, 'typescript', true)).toEqual(['comment:end */']);
    expect(blockCommentStarts(lines, 'python')).toBeNull();
    expect([...blockCommentStarts(['x // /* not a block', 'y'], 'typescript')!]).toEqual([0, 0]);
  });
});
