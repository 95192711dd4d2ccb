import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { processFile } from '../../process-file.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { enabledTransforms } from '../transform-pipeline.js';
import { SkipFileError } from '../transform.js';
import type { TransformContext } from '../transform.js';
import { convertNotebook, notebookTransform } from './notebook-transform.js';

type Cell = Record<string, unknown>;

function notebook(cells: Cell[], metadata: Record<string, unknown> = {}): string {
  return JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata, cells }, null, 1);
}

const code = (source: string | string[], extra: Cell = {}): Cell => ({
  cell_type: 'code',
  execution_count: null,
  metadata: {},
  outputs: [],
  source,
  ...extra,
});
const markdown = (source: string | string[], extra: Cell = {}): Cell => ({
  cell_type: 'markdown',
  metadata: {},
  source,
  ...extra,
});
const raw = (source: string | string[]): Cell => ({ cell_type: 'raw', metadata: {}, source });

const PYTHON = { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } };
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Run {
  text: string;
  language: string;
  notes: string[];
}

function run(json: string, name = 'analysis.ipynb'): Run {
  let language = 'jupyter-notebook';
  const notes: string[] = [];
  const context: TransformContext = {
    name,
    get language() {
      return language;
    },
    setLanguage: (id) => {
      language = id;
    },
    options: resolveOptions({ notebookProcessing: true }),
    note: (message) => notes.push(message),
    countRedaction: () => undefined,
  };
  const text = convertNotebook(json, context);
  return { text, language, notes };
}

function skipDetail(json: string): string {
  try {
    run(json);
  } catch (error) {
    if (error instanceof SkipFileError && error.reason.kind === 'invalid-notebook') {
      return error.reason.detail;
    }
    throw error;
  }
  throw new Error('the notebook was not refused');
}

describe('notebook conversion (nbformat 4)', () => {
  it('writes code verbatim and markdown and raw cells as comments under percent markers', () => {
    const result = run(
      notebook(
        [
          markdown(['# Title\n', '\n', 'Some *text*.']),
          code('import math\nprint(math.pi)'),
          raw(['raw line 1\n', 'raw line 2\n']),
        ],
        PYTHON,
      ),
    );
    expect(result.text).toBe(
      '# %% [markdown]\n# # Title\n#\n# Some *text*.\n\n' +
        '# %%\nimport math\nprint(math.pi)\n\n' +
        '# %% [raw]\n# raw line 1\n# raw line 2\n',
    );
    expect(result.language).toBe('python');
  });

  it('reads array and string sources alike, with or without a trailing newline', () => {
    const asArray = run(notebook([code(['a = 1\n', 'b = 2'])], PYTHON)).text;
    const asString = run(notebook([code('a = 1\nb = 2')], PYTHON)).text;
    const withNewline = run(notebook([code('a = 1\nb = 2\n')], PYTHON)).text;
    expect(asArray).toBe('# %%\na = 1\nb = 2\n');
    expect(asString).toBe(asArray);
    expect(withNewline).toBe(asArray);
  });

  it('keeps cells apart when a cell lacks its final newline', () => {
    const text = run(notebook([code('x = 1'), markdown('note'), code('y = 2')], PYTHON)).text;
    expect(text).toBe('# %%\nx = 1\n\n# %% [markdown]\n# note\n\n# %%\ny = 2\n');
  });

  it('drops outputs (images included) and attachments, and says so', () => {
    const plot = code('plot()', {
      execution_count: 3,
      outputs: [
        { output_type: 'stream', name: 'stdout', text: ['SECRET OUTPUT\n'] },
        {
          output_type: 'display_data',
          data: { 'image/png': PNG, 'text/plain': ['<Figure>'] },
          metadata: {},
        },
      ],
    });
    const figure = markdown(['See ![chart](attachment:chart.png)'], {
      attachments: { 'chart.png': { 'image/png': PNG } },
    });
    const inline = markdown(`Inline: ![dot](data:image/png;base64,${PNG})`);
    const result = run(notebook([plot, figure, inline], PYTHON));
    expect(result.text).not.toContain(PNG);
    expect(result.text).not.toContain('SECRET OUTPUT');
    expect(result.text).not.toContain('<Figure>');
    expect(result.text).toContain('# See ![chart](attachment:chart.png)\n');
    expect(result.text).toContain(
      '# Inline: ![dot](data:image/png;base64,(embedded image dropped))\n',
    );
    expect(result.notes).toEqual([
      'notebook: outputs of 1 cell dropped; 1 attachment dropped; 1 embedded image dropped from markdown',
    ]);
  });

  it.each([
    ['R via kernelspec', { kernelspec: { name: 'ir', language: 'R' } }, 'r', '#'],
    [
      'julia via kernelspec',
      { kernelspec: { name: 'julia-1.10', language: 'julia' } },
      'julia',
      '#',
    ],
    ['javascript via language_info', { language_info: { name: 'javascript' } }, 'javascript', '//'],
    ['C++17 (xeus-cling)', { kernelspec: { language: 'C++17' } }, 'cpp', '//'],
    ['C# (.NET Interactive)', { kernelspec: { language: 'C#' } }, 'csharp', '//'],
    ['SQL', { language_info: { name: 'sql' } }, 'sql', '--'],
    ['OCaml (block comments only)', { kernelspec: { language: 'OCaml' } }, 'ocaml', '(*'],
  ])('uses the kernel language: %s', (_name, metadata, language, prefix) => {
    const result = run(notebook([markdown('Intro'), code('x')], metadata));
    expect(result.language).toBe(language);
    const suffix = prefix === '(*' ? ' *)' : '';
    expect(result.text).toBe(
      `${prefix} %% [markdown]${suffix}\n${prefix} Intro${suffix}\n\n${prefix} %%${suffix}\nx\n`,
    );
  });

  it('prefers kernelspec.language over language_info.name', () => {
    const metadata = { kernelspec: { language: 'R' }, language_info: { name: 'python' } };
    expect(run(notebook([code('x <- 1')], metadata)).language).toBe('r');
  });

  it('assumes python when the metadata names no language, and notes it', () => {
    const result = run(notebook([code('x = 1')]));
    expect(result.language).toBe('python');
    expect(result.notes).toEqual(['notebook: no kernel language in the metadata, python assumed']);
  });

  it('writes markdown with # lines for an unknown kernel language and notes it', () => {
    const result = run(
      notebook([markdown('hi'), code('x')], { kernelspec: { language: 'Klingon' } }),
    );
    expect(result.language).toBe('klingon');
    expect(result.text).toBe('# %% [markdown]\n# hi\n\n# %%\nx\n');
    expect(result.notes[0]).toContain('kernel language "Klingon" unknown');
  });

  it('breaks block-comment delimiters inside markdown of block-comment languages', () => {
    const metadata = { kernelspec: { language: 'OCaml' } };
    const text = run(notebook([markdown('a *) b (* c')], metadata)).text;
    expect(text).toBe('(* %% [markdown] *)\n(* a * ) b ( * c *)\n');
  });

  it('turns an empty notebook, and one of empty cells, into an empty file', () => {
    expect(run(notebook([], PYTHON)).text).toBe('');
    expect(run(notebook([code(''), markdown(['\n', '  ']), code([])], PYTHON)).text).toBe('');
  });

  it('comments out IPython magics and shell escapes in python notebooks only', () => {
    const source = '%matplotlib inline\n!pip install numpy\nimport numpy as np';
    expect(run(notebook([code(source)], PYTHON)).text).toBe(
      '# %%\n# %matplotlib inline\n# !pip install numpy\nimport numpy as np\n',
    );
    const julia = run(notebook([code('?println')], { kernelspec: { language: 'julia' } })).text;
    expect(julia).toBe('# %%\n?println\n');
  });

  it('turns a python notebook into python: every line outside code cells is a comment', () => {
    const codeSources = ['import os\n', 'def f(x):\n    """Doc."""\n    return x % 2\n'];
    const json = notebook(
      [
        markdown(['# Heading\n', '\n', '- item with `code`\n', '    indented\n']),
        code(codeSources[0] ?? ''),
        raw('{{ jinja }}\n'),
        code(codeSources[1] ?? ''),
        markdown('"""not a string"""'),
      ],
      PYTHON,
    );
    const lines = run(json).text.split('\n');
    const codeLines = new Set(codeSources.flatMap((source) => source.split('\n')));
    for (const line of lines) {
      if (line === '' || codeLines.has(line)) continue;
      expect(line.startsWith('#'), line).toBe(true);
    }
  });
});

describe('python output parses', () => {
  let parser: Parser;
  beforeAll(async () => {
    const require = createRequire(import.meta.url);
    await Parser.init();
    parser = new Parser();
    parser.setLanguage(
      await Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm')),
    );
  });

  it('has no syntax errors for a notebook with markdown, raw cells and IPython magics', () => {
    const json = notebook(
      [
        markdown('# Analysis\n\nThis uses `%timeit` and "quotes (unbalanced'),
        code('%load_ext autoreload\n%autoreload 2\nimport numpy as np\n!ls -la\nfiles = !ls'),
        code('%%bash\necho "hello" | tr a-z A-Z\nfor x in 1 2; do echo $x; done'),
        code('%%time\ntotal = sum(\n    i\n    % 3\n    for i in range(10)\n)\nnp.mean?'),
        code('doc = """\n%not a magic\n!nor this\n"""\nprint(doc)'),
        raw('.. raw:: rst\n   }}} ((('),
      ],
      PYTHON,
    );
    const result = run(json);
    const tree = parser.parse(result.text);
    expect(tree?.rootNode.hasError, result.text).toBe(false);
    // The string's lines and the modulo continuation stayed code.
    expect(result.text).toContain('\n%not a magic\n!nor this\n');
    expect(result.text).toContain('\n    % 3\n');
    expect(result.text).toContain('# %%bash\n# echo "hello" | tr a-z A-Z\n');
  });
});

describe('invalid notebooks are skipped with a reason', () => {
  it('refuses text that is not JSON, saying where it broke', () => {
    const detail = skipDetail('{\n  "nbformat": 4,\n  "cells": [1 2]\n}');
    expect(detail).toBe(
      "not valid JSON: Expected ',' or ']' after array element (line 3, column 15)",
    );
  });

  it('keeps the reason on one line when the JSON error quotes the file', () => {
    const detail = skipDetail(`{\n  "nbformat": 4,\n  "cells": [,]\n}${' '.repeat(500)}`);
    expect(detail).toMatch(/^not valid JSON: Unexpected token ','/);
    expect(detail).not.toContain('\n');
    expect(detail.length).toBeLessThan(200);
  });

  it('refuses a truncated file', () => {
    expect(skipDetail('{"nbformat": 4, "cells": [')).toBe(
      'not valid JSON: Unexpected end of JSON input',
    );
  });

  it.each([
    ['an array', '[1, 2]', 'not a notebook: the JSON is a list, not an object'],
    [
      'a package.json',
      '{"name": "x", "version": "1.0.0"}',
      'not a notebook: the JSON has no "nbformat" version number',
    ],
    ['a string', '"cells"', 'not a notebook: the JSON is a string, not an object'],
    [
      'cells that are not a list',
      '{"nbformat": 4, "cells": {}}',
      'nbformat 4 notebook without a "cells" list',
    ],
    [
      'a cell without type',
      '{"nbformat": 4, "cells": [{"source": "x"}]}',
      'cell 1 has no cell_type',
    ],
    [
      'a cell without source',
      '{"nbformat": 4, "cells": [{"cell_type": "markdown", "source": "ok"}, {"cell_type": "code"}]}',
      'cell 2 (code) has no "source" text',
    ],
    ['a cell that is a number', '{"nbformat": 4, "cells": [7]}', 'cell 1 is a number, not a cell'],
    [
      'nbformat 2',
      '{"nbformat": 2, "worksheets": []}',
      'nbformat 2 is not supported (only 3 and 4)',
    ],
  ])('refuses %s', (_name, json, detail) => {
    expect(skipDetail(json)).toBe(detail);
  });
});

describe('nbformat 3', () => {
  it('reads worksheets, code `input`, heading cells and the cell language', () => {
    const json = JSON.stringify({
      nbformat: 3,
      nbformat_minor: 0,
      metadata: { name: 'old' },
      worksheets: [
        {
          cells: [
            { cell_type: 'heading', level: 2, metadata: {}, source: ['Setup'] },
            {
              cell_type: 'code',
              language: 'python',
              input: ['x = 1\n', 'x'],
              outputs: [{ output_type: 'pyout', text: ['1'] }],
              metadata: {},
            },
          ],
          metadata: {},
        },
        { cells: [{ cell_type: 'markdown', metadata: {}, source: 'Done.' }], metadata: {} },
      ],
    });
    const result = run(json);
    expect(result.text).toBe(
      '# %% [markdown]\n# ## Setup\n\n# %%\nx = 1\nx\n\n# %% [markdown]\n# Done.\n',
    );
    expect(result.language).toBe('python');
    expect(result.notes).toEqual(['notebook: outputs of 1 cell dropped']);
  });
});

describe('the notebook step in the pipeline', () => {
  const counter: TokenCounter = {
    encoding: 'o200k_base',
    count: (text) => text.length,
    countLines: (text) => {
      const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
      const prefix = new Uint32Array(lines.length + 1);
      lines.forEach((line, index) => {
        prefix[index + 1] = (prefix[index] ?? 0) + line.length + 1;
      });
      return prefix;
    },
    fitPrefix: (text, maxTokens) => ({
      length: Math.min(text.length, maxTokens),
      tokens: Math.min(text.length, maxTokens),
    }),
  };
  const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
  const process = (path: string, text: string, notebookProcessing: boolean) => {
    const options = resolveOptions({ notebookProcessing, showLineNumbers: true });
    return processFile(path, bytes(text), options, counter, enabledTransforms(options));
  };

  it('runs first, before the other steps, and only when the option is on', () => {
    const on = enabledTransforms(
      resolveOptions({ notebookProcessing: true, removeBlankLines: true }),
    );
    expect(on.map((step) => step.name)).toEqual([
      'notebook',
      'remove-blank-lines',
      'redact-secrets',
    ]);
    expect(enabledTransforms(resolveOptions()).map((step) => step.name)).not.toContain('notebook');
  });

  it('gives the processed file the kernel language and numbers the converted lines', async () => {
    const json = notebook([code('x <- 1')], { kernelspec: { language: 'R' } });
    const outcome = await process('nb/model.ipynb', json, true);
    expect(outcome).toMatchObject({
      ok: true,
      file: { language: 'r', content: '1 | # %%\n2 | x <- 1\n', lines: 2 },
    });
  });

  it('leaves .ipynb JSON as it is when the option is off', async () => {
    const json = notebook([code('x = 1')], PYTHON);
    const outcome = await process('model.ipynb', json, false);
    expect(outcome.ok && outcome.file.language).toBe('jupyter-notebook');
    expect(outcome.ok && outcome.file.content.split('\n')[0]?.trim()).toBe('1 | {');
  });

  it('reports an invalid notebook as skipped with the invalid-notebook reason', async () => {
    const outcome = await process('broken.ipynb', '{"nbformat": 4, "cells": [', true);
    expect(outcome).toEqual({
      ok: false,
      skipped: {
        path: 'broken.ipynb',
        reason: {
          kind: 'invalid-notebook',
          detail: 'not valid JSON: Unexpected end of JSON input',
        },
      },
    });
  });

  it('leaves files other than notebooks alone', async () => {
    const text = '{"nbformat": "not a notebook"}\n';
    const context = { language: 'json' } as TransformContext;
    expect(await notebookTransform.apply(text, context)).toBe(text);
  });
});
