import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import type { BundleOptions } from '../../../config/options.js';
import { getTreeSitterParser } from '../../../io/syntax/tree-sitter-parser.js';
import type { SyntaxParser } from '../../syntax/parser.js';
import { removeCommentsTransform } from './remove-comments-transform.js';

async function run(
  language: string,
  text: string,
  options: BundleOptions = {},
  parser: SyntaxParser | null = getTreeSitterParser(),
) {
  const notes: string[] = [];
  const output = await removeCommentsTransform.apply(text, {
    name: `file.${language}`,
    language,
    options: resolveOptions({ removeComments: true, ...options }),
    note: (message) => notes.push(message),
    countRedaction: () => undefined,
    ...(parser ? { parser } : {}),
  });
  return { output, notes };
}

describe('remove-comments transform: tidy output', () => {
  it('drops comment-only lines and spaces before end-of-line comments, keeps indentation', async () => {
    const source =
      'function f() {\n  // gone\n  return 1;   // gone too\n  /* a */ g(); /* b */\n}\n';
    const { output } = await run('typescript', source);
    expect(output).toBe('function f() {\n  return 1;\n  g();\n}\n');
  });

  it('leaves no doubled blank line where a comment block stood between blank lines', async () => {
    const source = 'a();\n\n// one\n// two\n\nb();\n\n\nc(); // end\n';
    const { output } = await run('javascript', source);
    expect(output).toBe('a();\n\nb();\n\n\nc();\n');
  });

  it('keeps CRLF line endings and a missing final newline as they were', async () => {
    const { output } = await run('javascript', 'a(); // x\r\n// y\r\nb();');
    expect(output).toBe('a();\r\nb();');
  });

  it('keeps tokens apart where a comment separated them', async () => {
    const { output } = await run('javascript', 'a = b/**/+/**/+c;\n');
    expect(output).toBe('a = b + +c;\n');
  });

  it('removes a JSX comment container without touching the spaces around it (they are text)', async () => {
    const source = 'const v = <p><a />{/* c */} <b />{/* d */}<i /></p>;\n';
    const { output } = await run('tsx', source);
    expect(output).toBe('const v = <p><a /> <b /><i /></p>;\n');
  });

  it('parses a C++ header named .h as C++ when C cannot parse it', async () => {
    const source =
      'namespace n {\ntemplate <class T> class A { // c\n public:\n  T x; // d\n};\n}\n';
    const { output, notes } = await run('c', source);
    expect(notes).toEqual([]);
    expect(output).toBe('namespace n {\ntemplate <class T> class A {\n public:\n  T x;\n};\n}\n');
  });

  it('is enabled by remove_comments only', () => {
    expect(removeCommentsTransform.isEnabled(resolveOptions())).toBe(false);
    expect(removeCommentsTransform.isEnabled(resolveOptions({ removeComments: true }))).toBe(true);
  });
});

describe('remove-comments transform: blank lines where lines were removed', () => {
  it('removes a whole-line comment with its line instead of leaving it blank', async () => {
    const { output } = await run('python', 'x = 1\n# note\n    # indented note\ny = 2\n');
    expect(output).toBe('x = 1\ny = 2\n');
  });

  it('keeps no more blank lines than stood on either side of the removed lines', async () => {
    const { output } = await run(
      'python',
      'a = 1\n\n\n# one\n\n# two\n\n\nb = 2\n\n# three\nc = 3\n',
    );
    expect(output).toBe('a = 1\n\n\nb = 2\n\nc = 3\n');
  });

  it('leaves no blank lines at the top or the bottom of the file', async () => {
    const source = '# Copyright 2024 Example\n\n"""Module doc."""\n\nimport os\n\n# end\n';
    const { output } = await run('python', source);
    expect(output).toBe('import os\n');
  });

  it('finishes on a file that starts with a blank line before a removed comment line', async () => {
    // The blank run before the removed line reaches offset 0 (a search there once looped forever).
    const { output } = await run('javascript', '\n// generated\nvar a = 1;\n');
    expect(output).toBe('var a = 1;\n');
  });

  it('keeps the shebang and encoding cookie, then the blank line that followed the header', async () => {
    const source =
      '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Copyright\n\n"""Doc."""\n\nimport os\n';
    const { output } = await run('python', source);
    expect(output).toBe('#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n\nimport os\n');
  });

  it('drops the blank line that separated a removed docstring from the body', async () => {
    const source = 'class A:\n    """Doc.\n\n    More.\n    """\n\n    # why\n    x = 1\n';
    const { output } = await run('python', source);
    expect(output).toBe('class A:\n    x = 1\n');
  });

  it('keeps a blank line the original had at the start of a block', async () => {
    const python = await run('python', 'def f():\n\n    # note\n\n    return 1\n');
    expect(python.output).toBe('def f():\n\n    return 1\n');
    const typescript = await run('typescript', 'function f() {\n  // note\n\n  return 1;\n}\n');
    expect(typescript.output).toBe('function f() {\n  return 1;\n}\n');
  });
});

describe('remove-comments transform: Python docstrings and joined strings', () => {
  it('puts `pass` in a body that held only a docstring and comments', async () => {
    const source =
      'def f():\n    """Doc."""\n\n\nclass A(Exception):\n    """Doc."""\n    # note\n\n\nx = 1\n';
    const { output, notes } = await run('python', source);
    expect(notes).toEqual([]);
    expect(output).toBe('def f():\n    pass\n\n\nclass A(Exception):\n    pass\n\n\nx = 1\n');
  });

  it('removes comments between the parts of an implicitly joined string, parts untouched', async () => {
    const source = 'x = (\n    "a # b "  # why a\n    # why b\n    "c"\n)\n';
    const { output } = await run('python', source);
    expect(output).toBe('x = (\n    "a # b "\n    "c"\n)\n');
  });

  it('removes comments between the parts of a joined C string', async () => {
    const { output } = await run('c', 'const char *s = "a /* b */" /* why */ "c"; // end\n');
    expect(output).toBe('const char *s = "a /* b */" "c";\n');
  });
});

describe('remove-comments transform: licence headers', () => {
  const header = '// Copyright 2024 Example Inc.\n//\n// Licensed under the MIT licence.\n\n';

  it('removes a licence header by default', async () => {
    const { output } = await run('typescript', `${header}// note\nexport const a = 1;\n`);
    expect(output).toBe('export const a = 1;\n');
  });

  it('keeps the whole leading comment block when keepLicenseHeader is on', async () => {
    const { output } = await run('typescript', `${header}export const a = 1; // note\n`, {
      keepLicenseHeader: true,
    });
    expect(output).toBe(`${header}export const a = 1;\n`);
  });

  it('keeps a Python module docstring that is a licence header', async () => {
    const source = '"""Copyright 2024 Example. All rights reserved."""\nx = 1\n"""A string."""\n';
    const { output } = await run('python', source, { keepLicenseHeader: true });
    expect(output).toBe('"""Copyright 2024 Example. All rights reserved."""\nx = 1\n');
  });

  it('keeps a licence header in a file without a grammar too', async () => {
    const source = '/* SPDX-License-Identifier: MIT */\nlet a = 1 // note\n';
    const { output } = await run('swift', source, { keepLicenseHeader: true });
    expect(output).toBe('/* SPDX-License-Identifier: MIT */\nlet a = 1\n');
  });
});

describe('remove-comments transform: languages without a grammar', () => {
  it('removes C-like comments in Swift with the scanner, strings untouched', async () => {
    const source = '/* a /* nested */ b */\nlet url = "http://x/*y*/" // note\n';
    const { output, notes } = await run('swift', source);
    expect(notes).toEqual([]);
    expect(output).toBe('let url = "http://x/*y*/"\n');
  });

  it('removes SQL comments but not dashes inside strings', async () => {
    const { output } = await run('sql', "-- header\nSELECT '-- no', 1 /* why */ FROM t; -- end\n");
    expect(output).toBe("SELECT '-- no', 1 FROM t;\n");
  });

  it('removes XML comments outside CDATA', async () => {
    const { output } = await run(
      'xml',
      '<a>\n  <!-- note -->\n  <![CDATA[<!-- kept -->]]>\n</a>\n',
    );
    expect(output).toBe('<a>\n  <![CDATA[<!-- kept -->]]>\n</a>\n');
  });

  it('keeps Dockerfile parser directives and mid-line hashes', async () => {
    const source = '# syntax=docker/dockerfile:1\n# a note\nRUN echo # not a comment\n';
    const { output } = await run('dockerfile', source);
    expect(output).toBe('# syntax=docker/dockerfile:1\nRUN echo # not a comment\n');
  });

  it('leaves a file the scanner cannot follow unchanged, with a note', async () => {
    const source = 'SELECT $$ -- body $$; -- note\n';
    const { output, notes } = await run('sql', source);
    expect(output).toBe(source);
    expect(notes).toEqual(['comments kept: the sql scanner stopped at "$$" on line 1']);
  });

  it('notes languages it has no way to handle, and stays quiet on prose', async () => {
    const perl = await run('perl', '# comment\nprint "x";\n');
    expect(perl.output).toBe('# comment\nprint "x";\n');
    expect(perl.notes).toEqual(['comments kept: no parser for perl files']);
    const markdown = await run('markdown', '<!-- c -->\n# Title\n');
    expect(markdown.notes).toEqual([]);
  });

  it('notes a grammar language when no parser was wired in', async () => {
    const { output, notes } = await run('typescript', '// c\nx;\n', {}, null);
    expect(output).toBe('// c\nx;\n');
    expect(notes).toEqual(['comments kept: no parser was available']);
  });
});

describe('remove-comments transform: converted notebooks', () => {
  it('keeps the percent-format cell markers of a notebook and removes the rest', async () => {
    const notes: string[] = [];
    const source = '# %% [markdown]\n# Some prose\n\n# %%\nx = 1  # note\n';
    const output = await removeCommentsTransform.apply(source, {
      name: 'analysis.ipynb',
      language: 'python',
      options: resolveOptions({ removeComments: true }),
      note: (message) => notes.push(message),
      countRedaction: () => undefined,
      parser: getTreeSitterParser(),
    });
    expect(output).toBe('# %% [markdown]\n\n# %%\nx = 1\n');
    expect(notes).toEqual([]);
  });
});
