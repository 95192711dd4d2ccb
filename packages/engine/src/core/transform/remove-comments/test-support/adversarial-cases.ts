/**
 * Inputs built to trip comment removal: comment markers inside strings, template literals,
 * regexes, heredocs and raw strings; nested comments; directives that must stay. `gone` must
 * disappear from the output, `kept` must stay.
 */
export interface AdversarialCase {
  readonly name: string;
  readonly language: string;
  readonly source: string;
  readonly gone: readonly string[];
  readonly kept: readonly string[];
}

export const ADVERSARIAL_CASES: readonly AdversarialCase[] = [
  {
    name: 'typescript: strings, regexes, nested templates, JSDoc, directives',
    language: 'typescript',
    source: `#!/usr/bin/env node
/// <reference types="node" />
// header comment
const url = "http://example.com/*not a comment*/"; // trailing one
const quote = 'it\\'s // fine';
const re = /["'\\/]+\\/\\/.*?\\*\\//g; /* block one */
const re2 = /[/*]/.test(url) ? 1 : 2;
const t = \`a \${ "b" /* inside code */ } // not \${\`nested \${"//x"}\`} /* no */\`;
const ratio = 4 / 2 / 1; // division, not a regex
/**
 * JSDoc block
 */
export function f(a /* param note */, b: string): number {
  // @ts-expect-error kept directive
  return a/**/+b.length; // end note
}
const pure = /*#__PURE__*/ make();
`,
    gone: [
      'header comment',
      'trailing one',
      'block one',
      'inside code',
      'JSDoc block',
      'param note',
      'end note',
      '/**/',
    ],
    kept: [
      '#!/usr/bin/env node',
      '/// <reference types="node" />',
      '@ts-expect-error',
      '/*#__PURE__*/',
      '// not',
      '/* no */',
    ],
  },
  {
    name: 'tsx: JSX comments, JSX text and attributes that look like comments',
    language: 'tsx',
    source: `export const View = () => (
  <div title="/* attr */" data-url="http://x//y">
    {/* jsx comment */}
    <a href="http://example.com">// text, not a comment /* either */</a>
    {
      // line comment in a container
    }
    {value /* trailing in expression */}
  </div>
);
`,
    gone: ['jsx comment', 'line comment in a container', 'trailing in expression'],
    kept: ['title="/* attr */"', '// text, not a comment /* either */', 'http://x//y'],
  },
  {
    name: 'javascript: regex after operators, ASI across a removed multi-line comment',
    language: 'javascript',
    source: `'use strict';
let x = 1 /* spans
lines */
let y = x.replace(/\\/\\*|\\*\\//g, '') // strip
const r = (/'/).source + "/*" + '*/';
function g() {
  return /* why */ x;
}
`,
    gone: ['spans', 'strip', 'why'],
    kept: ["'use strict';", '"/*"', "'*/'"],
  },
  {
    name: 'python: docstrings, f-strings, triple quotes, shebang and coding cookie',
    language: 'python',
    source: `#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Module docstring # with a hash."""
import os  # trailing comment

SQL = """
SELECT 1 -- # not a comment
"""


class OnlyDoc:
    """Docstring-only body."""


class WithBody:
    '''Doc.'''
    name = f"{os.sep!r} # {'#'}"  # after an f-string

    def method(self):  # def comment
        """Method doc."""
        return b"#bytes" + rb'\\#raw'


def one_liner(): "doc on the def line"


def keeps_fstring():
    f"{os.getcwd()}"
    return 1


JOINED = (
    "a # not a comment "  # why a
    # why b
    'b'
)
`,
    gone: [
      'Module docstring',
      'trailing comment',
      'Docstring-only body',
      'Doc.',
      'after an f-string',
      'def comment',
      'Method doc',
      'doc on the def line',
      'why a',
      'why b',
    ],
    kept: [
      '#!/usr/bin/env python3',
      '# -*- coding: utf-8 -*-',
      '-- # not a comment',
      'f"{os.sep!r} # {\'#\'}"',
      'f"{os.getcwd()}"',
      'pass',
      '"a # not a comment "',
    ],
  },
  {
    name: 'go: build constraints, go: directives, cgo preamble, raw strings, runes',
    language: 'go',
    source: `//go:build linux
// +build linux

// Package x is documented.
package x

// #include <stdio.h>
// static void hello() { printf("hi"); }
import "C"

import "fmt"

//go:generate stringer -type=Kind
type T struct {
	A string \`json:"a//b"\` // field note
}

func main() {
	s := \`// raw /* raw */\`
	r := '/'
	fmt.Println(s, r, "/* str */") /* after call */
}
`,
    gone: ['Package x is documented', 'field note', 'after call'],
    kept: [
      '//go:build linux',
      '// +build linux',
      '// #include <stdio.h>',
      'printf("hi")',
      '//go:generate stringer',
      '`// raw /* raw */`',
      '"/* str */"',
    ],
  },
  {
    name: 'java: text blocks, chars, javadoc',
    language: 'java',
    source: `/** Javadoc for the class. */
public class A {
  // line comment
  static final String S = "// not /* not */";
  static final char C = '/';
  static final String BLOCK = """
      // inside a text block
      """;
  @Override /* odd place */ public String toString() { return S + C; }
}
`,
    gone: ['Javadoc for the class', 'line comment', 'odd place'],
    kept: ['"// not /* not */"', "'/'", '// inside a text block'],
  },
  {
    name: 'rust: nested block comments, raw strings, lifetimes, doc comments',
    language: 'rust',
    source: `//! Crate doc.
/* outer /* inner */ still outer */
/// Item doc.
fn longest<'a>(x: &'a str, _y: &'a str) -> &'a str {
    let raw = r#"// "not" /* a comment */"#;
    let quote = '"';
    let s = "/* no */ // no"; // yes
    let _ = (raw, quote, s);
    x
}
`,
    gone: ['Crate doc', 'outer', 'still outer', 'Item doc', '// yes'],
    kept: ['r#"// "not" /* a comment */"#', "'\"'", '"/* no */ // no"', "<'a>"],
  },
  {
    name: 'c: preprocessor lines, macros with continuation, strings',
    language: 'c',
    source: `#include <stdio.h> /* include note */
#define GREETING "hi" // macro note
const char *s = "/* hi */"; /* after */
#define TWICE(x) \\
  ((x) * 2) /* continued */

int main(void) {
  char c = '/'; // char note
  printf("%s // %c\\n", GREETING, c);
  return TWICE(0);
}
`,
    gone: ['include note', 'macro note', 'continued', 'char note', 'after'],
    kept: ['"/* hi */"', '"%s // %c\\n"', "'/'", '#define TWICE(x) \\'],
  },
  {
    name: 'cpp: raw strings with delimiters',
    language: 'cpp',
    source: `// C++ file
#include <string>
std::string a = R"(// not /* not */)";
std::string b = R"x(a )" // still )x";
int f() { return 1; } // done
`,
    gone: ['C++ file', '// done'],
    kept: ['R"(// not /* not */)"', 'R"x(a )" // still )x"'],
  },
  {
    name: 'csharp: verbatim, interpolated and raw strings, XML docs',
    language: 'csharp',
    source: `/// <summary>XML doc</summary>
class A {
  string p = @"C:\\dir\\" + "// x"; // trailing
  string q = $"{1 /* in interpolation */} // text {2}";
  string r = """
    /* raw */ // raw
    """;
}
`,
    gone: ['XML doc', 'trailing', 'in interpolation'],
    kept: ['@"C:\\dir\\"', '"// x"', '// text {2}', '/* raw */ // raw'],
  },
  {
    name: 'ruby: heredocs, =begin blocks, interpolation, magic comments',
    language: 'ruby',
    source: `# frozen_string_literal: true
# A class comment.
class A
=begin
block comment
=end
  def x
    text = <<~EOS
      # not a comment #{1 + 1}
    EOS
    "#{text} # not" + '#' + %q(# no) # yes
  end
end
`,
    gone: ['A class comment', 'block comment', '=begin', '# yes'],
    kept: [
      '# frozen_string_literal: true',
      '# not a comment',
      '"#{text} # not"',
      "'#'",
      '%q(# no)',
    ],
  },
  {
    name: 'php: hash, slash and block comments, attributes, heredoc',
    language: 'php',
    source: `<?php
# hash comment
#[Attribute]
class A {
  // slash comment
  public $s = '#not' . "//not"; /* block */
  public function f() {
    return <<<EOT
      # heredoc // text
    EOT;
  }
}
`,
    gone: ['hash comment', 'slash comment', '/* block */'],
    kept: ['#[Attribute]', "'#not'", '"//not"', '# heredoc // text'],
  },
  {
    name: 'bash: ${#x}, quoted hashes, words with #, heredocs, shebang',
    language: 'shell',
    source: `#!/usr/bin/env bash
# comment line
x=abc
echo "\${#x}" "# not" '# not' a#b # yes
cat <<EOF
# heredoc line
EOF
n=$(( 1 + 2 )) # arithmetic
`,
    gone: ['comment line', '# yes', 'arithmetic'],
    kept: ['#!/usr/bin/env bash', '"${#x}"', '"# not"', "'# not'", 'a#b', '# heredoc line'],
  },
  {
    name: 'css: strings and unquoted URLs with comment markers',
    language: 'css',
    source: `/* header */
a::before { content: "/* not */"; background: url(http://x.org/a.png); } /* trailing */
b { font-family: 'x//y'; }
`,
    gone: ['header', 'trailing'],
    kept: ['"/* not */"', 'url(http://x.org/a.png)', "'x//y'"],
  },
  {
    name: 'html: comments, scripts and attributes',
    language: 'html',
    source: `<!DOCTYPE html>
<!-- page comment -->
<p title="<!-- not -->">text <!-- inline --> more</p>
<script>
  // script comment stays (no nested parse)
  const s = "<!-- x -->";
</script>
`,
    gone: ['page comment', 'inline'],
    kept: ['title="<!-- not -->"', 'const s = "<!-- x -->";'],
  },
  {
    name: 'scala: nested comments and interpolated strings',
    language: 'scala',
    source: `/* a /* nested */ comment */
object A {
  val s = s"\${1} // not" // yes
}
`,
    gone: ['nested', '// yes'],
    kept: ['s"${1} // not"'],
  },
  {
    name: 'kotlin: templates and raw strings',
    language: 'kotlin',
    source: `// file comment
fun main() {
    val a = "http://x/* y */"
    val b = """
        // raw
    """ /* after */
    println("\${a.length} // $b")
}
`,
    gone: ['file comment', 'after'],
    kept: ['"http://x/* y */"', '// raw', '// $b'],
  },
  {
    name: 'lua: long comments and long strings',
    language: 'lua',
    source: `--[[ long
comment ]]
local s = [[ -- not a comment ]] -- yes
local t = "--not" --[==[ level ]==]
return s .. t
`,
    gone: ['long', '-- yes', 'level'],
    kept: ['[[ -- not a comment ]]', '"--not"'],
  },
  {
    name: 'haskell: nested comments, pragmas and --> operators',
    language: 'haskell',
    source: `{-# LANGUAGE OverloadedStrings #-}
{- outer {- nested -} outer -}
module Main where

-- | Haddock.
main :: IO ()
main = putStrLn "-- not" -- yes
`,
    gone: ['nested', 'Haddock', '-- yes'],
    kept: ['{-# LANGUAGE OverloadedStrings #-}', '"-- not"'],
  },
  {
    name: 'zig: multiline string lines',
    language: 'zig',
    source: `// comment
const s =
    \\\\ // inside a multiline string
;
pub fn main() void {} // trailing
`,
    gone: ['// comment', 'trailing'],
    kept: ['\\\\ // inside a multiline string'],
  },
  {
    name: 'jsonc: comments in tsconfig-style JSON',
    language: 'jsonc',
    source: `{
  // compiler options
  "url": "http://x//y", /* block */
  "glob": "src/**/*.ts"
}
`,
    gone: ['compiler options', 'block'],
    kept: ['"http://x//y"', '"src/**/*.ts"'],
  },
  {
    name: 'yaml: quoted hashes, plain scalars with #, block scalars',
    language: 'yaml',
    source: `# top
key: "a # b" # trailing
plain: a#b
block: |
  # not a comment
list:
  - x # item note
`,
    gone: ['# top', 'trailing', 'item note'],
    kept: ['"a # b"', 'a#b', '# not a comment'],
  },
  {
    name: 'toml: strings with hashes',
    language: 'toml',
    source: `# top
a = "# no" # yes
b = '''
# multi
'''
`,
    gone: ['# top', '# yes'],
    kept: ['"# no"', '# multi'],
  },
  {
    name: 'hcl: three comment styles and heredocs',
    language: 'terraform',
    source: `# hash
// slash
/* block */
resource "a" "b" {
  x = "# not"
  y = <<EOF
# heredoc
EOF
}
`,
    gone: ['# hash', '// slash', 'block'],
    kept: ['"# not"', '# heredoc'],
  },
  {
    name: 'make: comments around recipes',
    language: 'makefile',
    source: `# top comment
CC = cc # trailing
all:
\techo "# not"
`,
    // The grammar reads `# trailing` after a value as part of it (GNU make keeps the spaces
    // before such a comment in the value), so it stays.
    gone: ['top comment'],
    kept: ['echo "# not"', 'CC = cc # trailing'],
  },
];
