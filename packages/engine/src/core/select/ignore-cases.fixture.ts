/**
 * Gitignore behaviour as a table. `ignore-matcher.test.ts` checks every row against our matcher
 * and against `git check-ignore` itself, so each expectation here is git's, not our guess.
 */
export interface IgnoreCase {
  readonly name: string;
  /** Ignore files by folder ('' is the case's root) and their content. */
  readonly files: Readonly<Record<string, string>>;
  readonly path: string;
  /** The path is a folder (created as one for git). */
  readonly isDirectory?: boolean;
  readonly ignored: boolean;
  /** The deciding line as written (negated lines re-include), its file and line; none if unmatched. */
  readonly by?: { readonly pattern: string; readonly source: string; readonly line: number };
}

const root = (pattern: string, line = 1) => ({ pattern, source: '.gitignore', line });

// One case per line reads as a table; prettier would spread each over eight lines.
// prettier-ignore
export const IGNORE_CASES: readonly IgnoreCase[] = [
  { name: 'literal name at any depth', files: { '': 'foo.txt' }, path: 'a/b/foo.txt', ignored: true, by: root('foo.txt') },
  { name: 'star matches within a name', files: { '': '*.log' }, path: 'logs/x/debug.log', ignored: true, by: root('*.log') },
  { name: 'star does not cross a slash', files: { '': 'a/*.js' }, path: 'a/b/c.js', ignored: false },
  { name: 'star in an anchored pattern', files: { '': 'a/*.js' }, path: 'a/c.js', ignored: true, by: root('a/*.js') },
  { name: 'question mark matches one char', files: { '': 'file?.txt' }, path: 'file1.txt', ignored: true, by: root('file?.txt') },
  { name: 'question mark is exactly one char', files: { '': 'file?.txt' }, path: 'file10.txt', ignored: false },
  { name: 'question mark does not match a slash', files: { '': 'x/a?b' }, path: 'x/a/b', ignored: false },
  { name: 'bracket range', files: { '': '[0-9]*.txt' }, path: '3rd.txt', ignored: true, by: root('[0-9]*.txt') },
  { name: 'bracket range miss', files: { '': '[0-9]*.txt' }, path: 'third.txt', ignored: false },
  { name: 'negated class with !', files: { '': '[!a]*.md' }, path: 'b.md', ignored: true, by: root('[!a]*.md') },
  { name: 'negated class with ! miss', files: { '': '[!a]*.md' }, path: 'a.md', ignored: false },
  { name: 'negated class with ^', files: { '': '[^a]*.md' }, path: 'a.md', ignored: false },
  { name: 'negated class with ^ hit', files: { '': '[^a]*.md' }, path: 'c.md', ignored: true, by: root('[^a]*.md') },
  { name: 'leading ] is a class member', files: { '': 'f[]x]' }, path: 'f]', ignored: true, by: root('f[]x]') },
  { name: 'named class [:digit:]', files: { '': 'v[[:digit:]].txt' }, path: 'v7.txt', ignored: true, by: root('v[[:digit:]].txt') },
  { name: 'unclosed bracket never matches', files: { '': 'foo[' }, path: 'foo[', ignored: false },
  { name: 'escaped bracket is literal', files: { '': 'foo\\[' }, path: 'foo[', ignored: true, by: root('foo\\[') },
  { name: 'comment line is ignored', files: { '': '#foo' }, path: '#foo', ignored: false },
  { name: 'escaped hash', files: { '': '\\#foo' }, path: '#foo', ignored: true, by: root('\\#foo') },
  { name: 'escaped bang', files: { '': '\\!important' }, path: '!important', ignored: true, by: root('\\!important') },
  { name: 'trailing spaces are trimmed', files: { '': 'foo.txt   ' }, path: 'foo.txt', ignored: true, by: root('foo.txt') },
  { name: 'escaped trailing space is kept', files: { '': 'foo\\ ' }, path: 'foo ', ignored: true, by: root('foo\\ ') },
  { name: 'escaped trailing space needs the space', files: { '': 'foo\\ ' }, path: 'foo', ignored: false },
  { name: 'trailing tab is not trimmed', files: { '': 'tab\t' }, path: 'tab', ignored: false },
  { name: 'blank lines count for line numbers', files: { '': '\n\n*.tmp\n' }, path: 'x.tmp', ignored: true, by: root('*.tmp', 3) },
  { name: 'CRLF line endings', files: { '': '*.bak\r\n*.old\r\n' }, path: 'a.old', ignored: true, by: root('*.old', 2) },
  { name: 'negation re-includes', files: { '': '*.log\n!keep.log' }, path: 'keep.log', ignored: false, by: root('!keep.log', 2) },
  { name: 'last matching line wins', files: { '': '!keep.log\n*.log' }, path: 'keep.log', ignored: true, by: root('*.log', 2) },
  { name: 'directory-only pattern skips a file', files: { '': 'out/' }, path: 'out', ignored: false },
  { name: 'directory-only pattern excludes contents', files: { '': 'out/' }, path: 'out/x.txt', ignored: true, by: root('out/') },
  { name: 'directory-only pattern at any depth', files: { '': 'out/' }, path: 'src/out/x.txt', ignored: true, by: root('out/') },
  { name: 'directory-only pattern on a folder', files: { '': 'cache/' }, path: 'cache', isDirectory: true, ignored: true, by: root('cache/') },
  { name: 'directory-only with a wildcard', files: { '': 'tmp*/' }, path: 'tmpdir/x', ignored: true, by: root('tmp*/') },
  { name: 'leading slash anchors', files: { '': '/todo.txt' }, path: 'todo.txt', ignored: true, by: root('/todo.txt') },
  { name: 'leading slash does not match deeper', files: { '': '/todo.txt' }, path: 'sub/todo.txt', ignored: false },
  { name: 'middle slash anchors', files: { '': 'doc/frotz' }, path: 'a/doc/frotz', ignored: false },
  { name: 'middle slash matches from the root', files: { '': 'doc/frotz' }, path: 'doc/frotz', ignored: true, by: root('doc/frotz') },
  { name: 'a name without slash excludes a folder', files: { '': 'secret' }, path: 'secret/a.txt', ignored: true, by: root('secret') },
  { name: 'leading **/ at depth', files: { '': '**/foo' }, path: 'a/b/foo', ignored: true, by: root('**/foo') },
  { name: 'leading **/ at the root', files: { '': '**/foo' }, path: 'foo', ignored: true, by: root('**/foo') },
  { name: 'leading **/ with a path', files: { '': '**/foo/bar' }, path: 'x/y/foo/bar', ignored: true, by: root('**/foo/bar') },
  { name: 'trailing /** matches inside', files: { '': 'abc/**' }, path: 'abc/x/y.txt', ignored: true, by: root('abc/**') },
  { name: 'trailing /** does not match the name itself', files: { '': 'abc/**' }, path: 'abc', ignored: false },
  { name: 'middle /**/ matches zero folders', files: { '': 'a/**/b' }, path: 'a/b', ignored: true, by: root('a/**/b') },
  { name: 'middle /**/ matches many folders', files: { '': 'a/**/b' }, path: 'a/x/y/b', ignored: true, by: root('a/**/b') },
  { name: '** inside a name is a plain star', files: { '': 'x/a**b' }, path: 'x/a/q/b', ignored: false },
  { name: '** inside a basename pattern', files: { '': 'a**b' }, path: 'deep/axxb', ignored: true, by: root('a**b') },
  { name: '** alone matches everything', files: { '': '**' }, path: 'x/y', ignored: true, by: root('**') },
  { name: 'a/**/ matches folders only', files: { '': 'a/**/' }, path: 'a/f', ignored: false },
  { name: 'a/**/ excludes a subfolder', files: { '': 'a/**/' }, path: 'a/d/f', ignored: true, by: root('a/**/') },
  { name: 'foo/* also excludes subfolders', files: { '': 'foo/*' }, path: 'foo/bar/baz', ignored: true, by: root('foo/*') },
  { name: 'parent excluded: no re-include', files: { '': 'logs/\n!logs/keep.txt' }, path: 'logs/keep.txt', ignored: true, by: root('logs/') },
  { name: 'contents excluded: re-include works', files: { '': 'logs/*\n!logs/keep.txt' }, path: 'logs/keep.txt', ignored: false, by: root('!logs/keep.txt', 2) },
  { name: 'whitelist a folder', files: { '': '/*\n!/src' }, path: 'src/a.txt', ignored: false },
  { name: 'whitelist leaves others out', files: { '': '/*\n!/src' }, path: 'other.txt', ignored: true, by: root('/*') },
  { name: 'star alone excludes folders', files: { '': '*' }, path: 'a/b.txt', ignored: true, by: root('*') },
  { name: 'matching is case-sensitive', files: { '': '*.TXT' }, path: 'a.txt', ignored: false },
  { name: 'escaped star is literal', files: { '': 'a\\*b' }, path: 'a*b', ignored: true, by: root('a\\*b') },
  { name: 'escaped star miss', files: { '': 'a\\*b' }, path: 'axb', ignored: false },
  { name: 'trailing backslash matches nothing', files: { '': 'foo\\' }, path: 'foo\\', ignored: false },
  { name: 'question mark is one UTF-8 byte', files: { '': 'caf??.txt' }, path: 'café.txt', ignored: true, by: root('caf??.txt') },
  { name: 'non-ASCII literal', files: { '': 'résumé.txt' }, path: 'docs/résumé.txt', ignored: true, by: root('résumé.txt') },
  { name: 'a lone ! is ignored', files: { '': '!\n*.c' }, path: 'x.c', ignored: true, by: root('*.c', 2) },
  { name: 'nested file applies below it', files: { sub: '*.txt' }, path: 'sub/a.txt', ignored: true, by: { pattern: '*.txt', source: 'sub/.gitignore', line: 1 } },
  { name: 'nested file does not apply above it', files: { sub: '*.txt' }, path: 'a.txt', ignored: false },
  { name: 'deeper file re-includes', files: { '': '*.txt', sub: '!keep.txt' }, path: 'sub/keep.txt', ignored: false, by: { pattern: '!keep.txt', source: 'sub/.gitignore', line: 1 } },
  { name: 'deeper file wins over a later shallow line', files: { '': '!*.cfg\n*.cfg', sub: '!*.cfg' }, path: 'sub/deep/a.cfg', ignored: false, by: { pattern: '!*.cfg', source: 'sub/.gitignore', line: 1 } },
  { name: 'shallower file still applies', files: { '': '*.cfg', sub: '!x.cfg' }, path: 'sub/a.cfg', ignored: true, by: root('*.cfg') },
  { name: 'nested leading slash anchors to its folder', files: { sub: '/build.txt' }, path: 'sub/build.txt', ignored: true, by: { pattern: '/build.txt', source: 'sub/.gitignore', line: 1 } },
  { name: 'nested leading slash not deeper', files: { sub: '/build.txt' }, path: 'sub/deeper/build.txt', ignored: false },
  { name: 'nested middle slash is relative', files: { sub: 'gen/out.js' }, path: 'sub/gen/out.js', ignored: true, by: { pattern: 'gen/out.js', source: 'sub/.gitignore', line: 1 } },
  { name: 'nested middle slash not at the root', files: { sub: 'gen/out.js' }, path: 'gen/out.js', ignored: false },
  { name: 'nested file cannot re-include under an excluded folder', files: { '': 'vendor/', vendor: '!*' }, path: 'vendor/a.txt', ignored: true, by: root('vendor/') },
  { name: 'nested file does not decide its own folder', files: { sub: 'sub/' }, path: 'sub/x.txt', ignored: false },
  { name: 'nested directory-only pattern', files: { pkg: 'tmp/' }, path: 'pkg/a/tmp/f', ignored: true, by: { pattern: 'tmp/', source: 'pkg/.gitignore', line: 1 } },
];
