import { describe, expect, it } from 'vitest';
import { getTreeSitterParser } from '../../io/syntax/tree-sitter-parser.js';
import { addLineNumbers } from '../transform/add-line-numbers.js';
import { buildOutline, LONG_SPAN, RUN_SPAN } from './build-outline.js';
import type { GrammarId } from './grammars.js';
import { numberOutline } from './number-outline.js';
import type { OutlineNode, SyntaxOutline } from './outline.js';
import { RUN_KIND } from './outline.js';

const parser = getTreeSitterParser();

async function outlineOf(grammar: GrammarId, text: string): Promise<SyntaxOutline> {
  const tree = await parser.parse(grammar, text);
  if (!tree) throw new Error('no tree');
  return buildOutline(tree.rootNode, text, grammar);
}

/** Every named node as "outer > inner" paths of names. */
function namePaths(nodes: readonly OutlineNode[], prefix: string[] = []): string[] {
  return nodes.flatMap((node) => {
    const path = node.name ? [...prefix, node.name] : prefix;
    return [...(node.name ? [path.join(' > ')] : []), ...namePaths(node.children, path)];
  });
}

function expectWellFormed(nodes: readonly OutlineNode[], start: number, end: number): void {
  let previousEnd = start;
  for (const node of nodes) {
    expect(node.start).toBeGreaterThanOrEqual(previousEnd);
    expect(node.end).toBeGreaterThan(node.start);
    expect(node.end).toBeLessThanOrEqual(end);
    expectWellFormed(node.children, node.start, node.end);
    previousEnd = node.end;
  }
}

const TYPESCRIPT = `import { a } from 'a';

export class Foo extends Bar {
  private count = 0;

  bar(x: number): number {
    if (x > 0) {
      return x;
    }
    return call(a,
      x);
  }
}

export const helper = () => {
  return 2;
};

interface Shape {
  area(): number;
}

type Id = string;
`;

describe('buildOutline', () => {
  it('names TypeScript definitions, methods inside classes', async () => {
    const outline = await outlineOf('typescript', TYPESCRIPT);
    expect(outline.grammar).toBe('typescript');
    expect(outline.hasErrors).toBe(false);
    expect(namePaths(outline.nodes)).toEqual([
      'class Foo',
      'class Foo > method bar',
      'function helper',
      'interface Shape',
      'interface Shape > method area',
      'type Id',
    ]);
    expectWellFormed(outline.nodes, 0, TYPESCRIPT.length);
  });

  it('details multi-line nodes down to statements and leaves one-line ones whole', async () => {
    const outline = await outlineOf('typescript', TYPESCRIPT);
    const method = outline.nodes[1]?.children[0]?.children[0]?.children.find(
      (node) => node.name === 'method bar',
    );
    const body = method?.children.find((node) => node.kind === 'statement_block');
    expect(
      body?.children.map((node) => TYPESCRIPT.slice(node.start, node.end).split('\n')[0]),
    ).toEqual(['if (x > 0) {', 'return call(a,']);
    // The method's own name starts where the method does: no separate node for it.
    expect(method?.children.some((node) => node.kind === 'property_identifier')).toBe(false);
  });

  it('names Python classes, methods and decorated definitions once', async () => {
    const source = [
      '@dataclass',
      'class Point:',
      '    x: int',
      '',
      '    @property',
      '    def norm(self):',
      '        return abs(self.x)',
      '',
      'def main():',
      '    pass',
      '',
    ].join('\n');
    const outline = await outlineOf('python', source);
    expect(namePaths(outline.nodes)).toEqual([
      'class Point',
      'class Point > method norm',
      'function main',
    ]);
    expectWellFormed(outline.nodes, 0, source.length);
  });

  it('names Go, Rust, C++, Java and Ruby definitions', async () => {
    const cases: [GrammarId, string, string[]][] = [
      [
        'go',
        'package x\n\ntype S struct {\n\ta int\n}\n\nfunc (s *S) Get() int {\n\treturn s.a\n}\n',
        ['struct S', 'method Get'],
      ],
      [
        'rust',
        'impl Display for Foo {\n    fn fmt(&self) {\n    }\n}\nmod m {\n    struct S {\n    }\n}\n',
        [
          'impl Display for Foo',
          'impl Display for Foo > method fmt',
          'module m',
          'module m > struct S',
        ],
      ],
      [
        'cpp',
        'namespace n {\nclass C {\n  void m();\n};\nint *f(int a) {\n  return 0;\n}\n}\n',
        ['namespace n', 'namespace n > class C', 'namespace n > function f'],
      ],
      [
        'java',
        'public class A {\n  public A() {\n  }\n  void run() {\n  }\n}\n',
        ['class A', 'class A > constructor A', 'class A > method run'],
      ],
      [
        'ruby',
        'module M\n  class K\n    def go\n    end\n  end\nend\n',
        ['module M', 'module M > class K', 'module M > class K > method go'],
      ],
    ];
    for (const [grammar, source, names] of cases) {
      const outline = await outlineOf(grammar, source);
      expect(namePaths(outline.nodes), grammar).toEqual(names);
      expectWellFormed(outline.nodes, 0, source.length);
    }
  });

  it('flags a parse with errors', async () => {
    const outline = await outlineOf('typescript', 'class {\n');
    expect(outline.hasErrors).toBe(true);
  });

  it('does not detail strings: a line break inside one is no place to cut', async () => {
    const source = 'const t = `\na\nb\n`;\n';
    const outline = await outlineOf('typescript', source);
    const template = outline.nodes[0]?.children[0]?.children.find(
      (node) => node.kind === 'template_string',
    );
    expect(template?.children).toEqual([]);
  });
});

/** Minified statements on one line, and where each one starts and ends. */
function minified(count: number): { text: string; edges: Set<number> } {
  const edges = new Set<number>([0]);
  let text = '';
  for (let i = 0; i < count; i++) {
    text +=
      i % 2 === 0
        ? `var v${i}=[${i},${i + 1},"s${i}"];`
        : `function f${i}(a,b){if(a>b){return a-b}for(var k=0;k<a;k++){b+=k*${i}}return b}`;
    edges.add(text.length);
  }
  return { text: `${text}\n`, edges };
}

function countNodes(nodes: readonly OutlineNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);
}

describe('buildOutline on lines longer than LONG_SPAN', () => {
  it('keeps every statement of a minified line, small neighbours as runs', async () => {
    const { text, edges } = minified(200);
    expect(text.length).toBeGreaterThan(4 * LONG_SPAN);
    const outline = await outlineOf('javascript', text);
    expectWellFormed(outline.nodes, 0, text.length);
    // No statement is left out or cut through: the nodes tile the statements.
    expect(outline.nodes[0]?.start).toBe(0);
    expect(outline.nodes.at(-1)?.end).toBe(text.length - 1);
    outline.nodes.forEach((node, index) => {
      expect(edges.has(node.start)).toBe(true);
      expect(edges.has(node.end)).toBe(true);
      if (index > 0) expect(node.start).toBe(outline.nodes[index - 1]?.end);
      expect(node.end - node.start).toBeLessThanOrEqual(RUN_SPAN);
      expect(node.children).toEqual([]);
    });
    expect(outline.nodes.some((node) => node.kind === RUN_KIND)).toBe(true);
    expect(outline.nodes.length).toBeLessThan(text.length / (RUN_SPAN / 2));
  });

  it('details a long node on one line down to its children, and names it', async () => {
    const inner = minified(120).text.trimEnd();
    const text = `var a=1;function big(x){${inner}return x}var b=2;\n`;
    const outline = await outlineOf('javascript', text);
    expectWellFormed(outline.nodes, 0, text.length);
    expect(outline.nodes.map((node) => node.kind)).toEqual([
      'variable_declaration',
      'function_declaration',
      'variable_declaration',
    ]);
    const big = outline.nodes[1];
    expect(big?.name).toBe('function big');
    const body = big?.children.find((node) => node.kind === 'statement_block');
    expect(body?.children.length).toBeGreaterThan(2);
    // The return statement closes the body, in a run with the statements before it.
    expect(body?.children.at(-1)?.end).toBe(text.indexOf('return x}') + 'return x'.length);
  });

  it('keeps the nodes of a long line inside a multi-line node, and leaves strings whole', async () => {
    const pairs = Array.from(
      { length: 300 },
      (_, i) => `"key${i}": [${i}, "${'x'.repeat(i % 7)}"]`,
    );
    const text = `{\n  "short": 1,\n  "data": {${pairs.join(', ')}},\n  "long": "${'y'.repeat(3 * LONG_SPAN)}"\n}\n`;
    const outline = await outlineOf('json', text);
    expectWellFormed(outline.nodes, 0, text.length);
    const object = outline.nodes[0];
    expect(object?.children.map((node) => node.kind)).toEqual(['pair', 'pair', 'pair']);
    const data = object?.children[1]?.children.find((node) => node.kind === 'object');
    expect(data?.children.length).toBeGreaterThan(2);
    const long = object?.children[2]?.children.find((node) => node.kind === 'string');
    expect(long?.children).toEqual([]);
  });

  it('stays small for a megabyte of small values on one line', async () => {
    const text = `[${Array.from({ length: 150_000 }, (_, i) => i % 1000).join(',')}]\n`;
    expect(text.length).toBeGreaterThan(500_000);
    const outline = await outlineOf('json', text);
    expectWellFormed(outline.nodes, 0, text.length);
    // 150,000 numbers, yet about two runs per RUN_SPAN of text.
    expect(countNodes(outline.nodes)).toBeLessThan((2 * text.length) / RUN_SPAN);
  });
});

describe('numberOutline', () => {
  it('moves every node onto the same code in the line-numbered text', async () => {
    const source =
      Array.from({ length: 12 }, (_, i) => `function f${i}() {\n  return ${i};\n}`).join('\n') +
      '\n';
    const outline = await outlineOf('javascript', source);
    const numbered = addLineNumbers(source);
    const moved = numberOutline(outline, source);
    const stripPrefixes = (text: string) => text.replace(/\n *\d+ \| /g, '\n');
    const check = (before: readonly OutlineNode[], after: readonly OutlineNode[]): void => {
      before.forEach((node, index) => {
        const other = after[index] as OutlineNode;
        expect(stripPrefixes(numbered.slice(other.start, other.end))).toBe(
          source.slice(node.start, node.end),
        );
        check(node.children, other.children);
      });
    };
    expect(moved.nodes).toHaveLength(12);
    check(outline.nodes, moved.nodes);
    expectWellFormed(moved.nodes, 0, numbered.length);
  });
});
