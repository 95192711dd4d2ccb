// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { highlightLine, lineStates, MAX_HIGHLIGHT_LENGTH } from './highlight.js';

const kinds = (line: string, language: string, state = 0) =>
  highlightLine(line, language, state)
    .filter((token) => token.kind !== 'plain')
    .map((token) => `${token.kind}:${token.text}`);

describe('highlightLine', () => {
  it('marks keywords, strings, numbers, types and comments in source code', () => {
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

  it('keeps the text intact and leaves plain text alone', () => {
    const line = 'let s = `tpl ${x}`; /* c */ y++';
    expect(
      highlightLine(line, 'javascript')
        .map((t) => t.text)
        .join(''),
    ).toBe(line);
    expect(kinds('const x = 1', 'text')).toEqual([]);
    expect(kinds('a,b', 'tsv')).toEqual([]);
    expect(highlightLine('', 'typescript')).toEqual([]);
    const long = 'x'.repeat(MAX_HIGHLIGHT_LENGTH + 1);
    expect(highlightLine(long, 'typescript')).toEqual([{ text: long, kind: 'plain' }]);
  });

  it('carries block comments across lines', () => {
    const lines = ['a(); /* start', 'middle', 'end */ b();', 'c();'];
    const starts = lineStates(lines, 'typescript')!;
    expect([...starts]).toEqual([0, 1, 1, 0]);
    expect(kinds(lines[1]!, 'typescript', 1)).toEqual(['comment:middle']);
    expect(kinds(lines[2]!, 'typescript', 1)).toEqual(['comment:end */']);
    expect(lineStates(lines, 'python')).toBeNull();
    expect([...lineStates(['x // /* not a block', 'y'], 'typescript')!]).toEqual([0, 0]);
  });

  it('reads markdown: headings, fences with code inside, inline code, links and prose', () => {
    const lines = ['# Title', '```js', 'const a = "x";', '```', 'See [docs](x) and `run`'];
    const states = lineStates(lines, 'markdown')!;
    expect([...states]).toEqual([0, 2, 1, 2, 0]);
    expect(kinds(lines[0]!, 'markdown', states[0])).toEqual(['heading:# Title']);
    expect(kinds(lines[1]!, 'markdown', states[1])).toEqual(['punct:```', 'keyword:js']);
    expect(kinds(lines[2]!, 'markdown', states[2])).toEqual(['keyword:const', 'string:"x"']);
    expect(kinds(lines[4]!, 'markdown', states[4])).toEqual(['link:[docs](x)', 'string:`run`']);
    expect(kinds('Some Words here', 'markdown')).toEqual([]);
  });

  it('tells keys from values in JSON and YAML, and tags from text in XML', () => {
    expect(kinds('  "name": "x", "n": 2, "ok": true', 'json')).toEqual([
      'key:"name"',
      'punct::',
      'string:"x"',
      'key:"n"',
      'punct::',
      'number:2',
      'key:"ok"',
      'punct::',
      'keyword:true',
    ]);
    expect(kinds('port: 80 # http', 'yaml')).toEqual([
      'key:port',
      'punct::',
      'number:80',
      'comment: # http',
    ]);
    expect(kinds('<file path="a.ts"><!-- x --></file>', 'xml')).toEqual([
      'tag:<file',
      'attr:path',
      'string:"a.ts"',
      'tag:>',
      'comment:<!-- x -->',
      'tag:</file',
      'tag:>',
    ]);
    expect(kinds('"a,b",c', 'csv')).toEqual(['string:"a,b"', 'punct:,']);
  });
});
