import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { getTreeSitterParser } from '../../io/syntax/tree-sitter-parser.js';
import { languageOf } from '../languages.js';
import { processFile } from '../process-file.js';
import { loadTokenCounter } from '../tokens/index.js';
import { enabledTransforms } from '../transform/transform-pipeline.js';
import { buildImportGraph } from './import-graph.js';
import type { ImportSource } from './import-graph.js';
import { fileImports } from './imports/file-imports.js';

type Files = Record<string, string>;

/** The files with their imports read from syntax trees, as the file stage reads them. */
async function parsed(files: Files): Promise<ImportSource[]> {
  const parser = getTreeSitterParser();
  const sources: ImportSource[] = [];
  for (const [path, content] of Object.entries(files)) {
    const language = languageOf(path);
    const imports = await fileImports(content, language, parser);
    sources.push({ path, language, content, ...(imports && { imports }) });
  }
  return sources;
}

/** Importer counts by path, from syntax trees (or, with `byPattern`, by pattern only). */
async function importers(files: Files, byPattern = false): Promise<Record<string, number>> {
  const sources = byPattern
    ? Object.entries(files).map(([path, content]) => ({
        path,
        content,
        language: languageOf(path),
      }))
    : await parsed(files);
  return Object.fromEntries(buildImportGraph(sources).importers);
}

describe('import graph from syntax trees', () => {
  it('does not count imports written in strings or comments', async () => {
    const files: Files = {
      'src/a.ts': '',
      'src/main.ts': [
        "// import { a } from './a';",
        "/* const a = require('./a'); */",
        'const code = "import { a } from \'./a\'";',
        "const doc = `export * from './a'`;",
      ].join('\n'),
      'py/lib.py': '',
      'py/main.py': '# from . import lib\ntext = """\nimport lib\n"""\n',
      'c/lib.h': '',
      'c/main.c': '/*\n#include "lib.h"\n*/\nconst char *s = "#include \\"lib.h\\"";\n',
      'rb/helper.rb': '',
      'rb/app.rb': "# require_relative 'helper'\nputs \"require_relative 'helper'\"\n",
      'rs/src/lib.rs': '// mod parse;\nconst S: &str = "\nmod parse;\n";\n',
      'rs/src/parse.rs': '',
    };
    expect(await importers(files)).toEqual({});
    // The patterns a file without a tree falls back to cannot tell: they count these.
    expect(await importers(files, true)).toEqual({
      'src/a.ts': 1,
      'py/lib.py': 1,
      'c/lib.h': 1,
      'rb/helper.rb': 1,
      'rs/src/parse.rs': 1,
    });
  });

  it('reads multi-line imports, dynamic import() and require, and re-exports', async () => {
    expect(
      await importers({
        'src/a.ts': '',
        'src/b.ts': '',
        'src/c.ts': '',
        'src/d.js': '',
        'src/e/index.ts': '',
        'src/types.ts': '',
        'src/main.ts': [
          'import {',
          '  a,',
          '  type A,',
          "} from './a';",
          'async function load() {',
          "  const b = await import('./b');",
          '  return b;',
          '}',
          "export * from './c';",
          "export { default as e } from './e';",
          "export type { T } from './types.js';",
          "import legacy = require('./d.js');",
          "const lazy = () => require('./d');",
        ].join('\n'),
        'src/other.js': "if (x) { module.exports = require('./a'); }\nimport(`./b`);",
      }),
    ).toEqual({
      'src/a.ts': 2,
      'src/b.ts': 2,
      'src/c.ts': 1,
      'src/d.js': 1,
      'src/e/index.ts': 1,
      'src/types.ts': 1,
    });
  });

  it('reads relative and absolute Python imports, `from . import x` included', async () => {
    expect(
      await importers({
        'pkg/__init__.py': '',
        'pkg/models.py': '',
        'pkg/util.py': '',
        'pkg/sub/views.py': [
          'from .. import models',
          'from ..util import (',
          '    helper,',
          '    other as renamed,',
          ')',
        ].join('\n'),
        'pkg/api.py': 'from . import models, util\n',
        'main.py':
          'import os, pkg.models\nfrom pkg.sub import views\ndef f():\n    import pkg.util\n',
      }),
    ).toEqual({
      // `from .. import models` and `from . import ...` name the package as well.
      'pkg/__init__.py': 2,
      'pkg/models.py': 3,
      'pkg/util.py': 3,
      'pkg/sub/views.py': 1,
    });
  });

  it('reads includes, Rust modules, Ruby requires and package imports', async () => {
    expect(
      await importers({
        'c/lib.h': '',
        'c/main.c': '#include "lib.h"\n#include <stdio.h>\n#ifdef X\n#  include "lib.h"\n#endif\n',
        'rs/src/lib.rs': 'pub mod parse;\nmod outer {\n    mod inner;\n}\nmod inline {}\n',
        'rs/src/parse.rs': '',
        'rs/src/outer/inner.rs': '',
        'rb/lib/gem/helper.rb': '',
        'rb/lib/gem.rb': "require 'gem/helper'\nrequire 'json'\n",
        'rb/app.rb': "require_relative 'lib/gem'\n",
        'java/src/com/acme/Widget.java': '',
        'java/src/com/acme/Tools.java': '',
        'java/src/com/acme/App.java':
          'package com.acme;\nimport com.acme.Widget;\nimport static com.acme.Tools.run;\nimport java.util.*;\n',
        'kt/src/com/acme/Main.kt': 'import com.acme.Widget\nimport com.acme.*\n',
        'scala/App.scala': 'import com.acme.{Widget, Tools}\n',
      }),
    ).toEqual({
      'c/lib.h': 1,
      'rs/src/parse.rs': 1,
      'rs/src/outer/inner.rs': 1,
      'rb/lib/gem/helper.rb': 1,
      'rb/lib/gem.rb': 1,
      'java/src/com/acme/Widget.java': 3,
      'java/src/com/acme/Tools.java': 2,
    });
  });

  it('reads Go packages by the module path of go.mod', async () => {
    expect(
      await importers({
        'go.mod': 'module example.com/shop\n\ngo 1.22\n',
        'cart/cart.go': 'package cart\n',
        'cart/price.go': 'package cart\n',
        'cart/cart_test.go': 'package cart\nimport "testing"\n',
        'main.go': [
          'package main',
          'import (',
          '    "fmt"',
          '    c "example.com/shop/cart"',
          ')',
          'var s = "example.com/shop/cart"',
        ].join('\n'),
      }),
    ).toEqual({ 'cart/cart.go': 1, 'cart/price.go': 1 });
  });

  it('reads PHP, Lua, Haskell, Zig, shell and CSS imports; C# names no file', async () => {
    expect(
      await importers({
        'app/Models/User.php': '<?php\n',
        'app/helpers.php': '<?php\n',
        'app/Http/Controller.php': [
          '<?php',
          "require_once __DIR__ . '/../helpers.php';",
          'use App\\Models\\User;',
          "// require 'helpers.php';",
        ].join('\n'),
        'lua/util/init.lua': '',
        'lua/main.lua': 'local util = require("util")\n-- require("util")\n',
        'hs/Data/Tree.hs': '',
        'hs/Main.hs': 'module Main where\nimport qualified Data.Tree as T\n',
        'zig/util.zig': '',
        'zig/main.zig': 'const util = @import("util.zig");\nconst std = @import("std");\n',
        'sh/lib.sh': '',
        'sh/run.sh': 'source ./lib.sh\necho "source ./lib.sh"\n',
        'css/base.css': '',
        'css/site.css': '@import "base.css";\n/* @import "base.css"; */\n',
        'cs/Models/User.cs': '',
        'cs/Program.cs': 'using Models;\n',
      }),
    ).toEqual({
      'app/Models/User.php': 1,
      'app/helpers.php': 1,
      'lua/util/init.lua': 1,
      'hs/Data/Tree.hs': 1,
      'zig/util.zig': 1,
      'sh/lib.sh': 1,
      'css/base.css': 1,
    });
  });

  it('falls back to patterns for a file without a tree and says which files did', async () => {
    const sources = await parsed({ 'src/a.ts': '', 'src/main.ts': "import { a } from './a';" });
    const graph = buildImportGraph([
      ...sources,
      // No grammar ships for Vue files: their imports are read by pattern.
      { path: 'src/App.vue', language: 'vue', content: "<script>import a from './a';</script>" },
      { path: 'src/Empty.vue', language: 'vue', content: '<template></template>' },
    ]);
    expect(graph.importers.get('src/a.ts')).toBe(2);
    expect([...graph.byPattern]).toEqual(['src/App.vue']);
  });

  it('gives the same counts whatever the order of the files', async () => {
    const sources = await parsed({
      'a.ts': "import './b';",
      'b.ts': "import './c';",
      'c.ts': "import './a';\nimport './b';",
    });
    const forward = [...buildImportGraph(sources).importers].sort();
    const backward = [...buildImportGraph([...sources].reverse()).importers].sort();
    expect(backward).toEqual(forward);
    expect(forward).toEqual([
      ['a.ts', 1],
      ['b.ts', 2],
      ['c.ts', 1],
    ]);
  });

  it('is read by the file stage only when asked, from the text before line numbers', async () => {
    const options = resolveOptions({ showLineNumbers: true, removeComments: true });
    const counter = await loadTokenCounter(options.encoding);
    const text = new TextEncoder().encode("// import './b';\nimport { a } from './a';\n");
    const run = (findImports: boolean) =>
      processFile(
        'src/main.ts',
        text,
        { ...options, findImports },
        counter,
        enabledTransforms(options),
        getTreeSitterParser(),
      );
    const asked = await run(true);
    const notAsked = await run(false);
    expect(asked.ok && asked.file.imports).toEqual([{ kind: 'script', specifier: './a' }]);
    expect(notAsked.ok && notAsked.file.imports).toBeUndefined();
  });
});
