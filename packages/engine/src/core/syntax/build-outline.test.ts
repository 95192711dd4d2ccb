import { describe, expect, it } from 'vitest';
import { getTreeSitterParser } from '../../io/syntax/tree-sitter-parser.js';
import { addLineNumbers } from '../transform/add-line-numbers.js';
import { buildOutline } from './build-outline.js';
import type { GrammarId } from './grammars.js';
import { numberOutline } from './number-outline.js';
import type { OutlineNode, SyntaxOutline } from './outline.js';

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
