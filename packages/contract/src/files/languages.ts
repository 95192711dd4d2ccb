/**
 * Language ids guessed from file names, for fences, the explorer's language filter and
 * analytics: the engine and the web app share this one table, so the explorer names files
 * exactly as a job's analytics will. Ids are lower-case and stable; `text` means "no better guess".
 */

/** Whole file names (compared lower-cased) that decide the language before the extension. */
const BY_NAME: Readonly<Record<string, string>> = {
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  'cmakelists.txt': 'cmake',
  jenkinsfile: 'groovy',
  gemfile: 'ruby',
  rakefile: 'ruby',
  podfile: 'ruby',
  vagrantfile: 'ruby',
  brewfile: 'ruby',
  guardfile: 'ruby',
  fastfile: 'ruby',
  appfile: 'ruby',
  'build.bazel': 'starlark',
  build: 'starlark',
  workspace: 'starlark',
  'workspace.bazel': 'starlark',
  tiltfile: 'starlark',
  justfile: 'just',
  procfile: 'yaml',
  '.bashrc': 'shell',
  '.bash_profile': 'shell',
  '.bash_aliases': 'shell',
  '.profile': 'shell',
  '.zshrc': 'shell',
  '.zprofile': 'shell',
  '.zshenv': 'shell',
  '.envrc': 'shell',
  '.gitignore': 'gitignore',
  '.dockerignore': 'gitignore',
  '.npmignore': 'gitignore',
  '.prettierignore': 'gitignore',
  '.eslintignore': 'gitignore',
  '.gitattributes': 'gitattributes',
  '.gitmodules': 'ini',
  '.editorconfig': 'ini',
  '.npmrc': 'ini',
  '.env': 'dotenv',
  '.babelrc': 'json',
  '.eslintrc': 'json',
  '.prettierrc': 'json',
  'tsconfig.json': 'jsonc',
  'jsconfig.json': 'jsonc',
  '.htaccess': 'apache',
  'nginx.conf': 'nginx',
  'go.mod': 'go-module',
  'go.work': 'go-module',
  'requirements.txt': 'pip-requirements',
  pipfile: 'toml',
};

/** Name prefixes: `Dockerfile.dev`, `Makefile.am`, `.env.local`. */
const BY_PREFIX: readonly (readonly [string, string])[] = [
  ['dockerfile.', 'dockerfile'],
  ['containerfile.', 'dockerfile'],
  ['makefile.', 'makefile'],
  ['.env.', 'dotenv'],
];

/** `requirements.txt`, `requirements-dev.txt`, `requirements.in` and the like. */
const PIP_REQUIREMENTS = /^requirements[\w.-]*\.(txt|in)$/;

/**
 * Extensions by language, one line each (`language: ext ext...`), lower-cased, without the dot;
 * compound extensions such as `d.ts` are tried before simple ones.
 */
const EXTENSION_TABLE: readonly string[] = [
  'typescript: ts mts cts d.ts',
  'tsx: tsx',
  'javascript: js mjs cjs',
  'jsx: jsx',
  'vue: vue',
  'svelte: svelte',
  'astro: astro',
  'coffeescript: coffee',
  'livescript: ls',
  'html: html htm xhtml',
  'css: css',
  'scss: scss',
  'sass: sass',
  'less: less',
  'stylus: styl',
  'ejs: ejs',
  'handlebars: hbs handlebars mustache',
  'pug: pug jade',
  'nunjucks: njk',
  'liquid: liquid',
  'twig: twig',
  'erb: erb',
  'json: json geojson webmanifest avsc',
  'jsonc: jsonc',
  'json5: json5',
  'jsonl: jsonl ndjson',
  'yaml: yaml yml',
  'toml: toml',
  'ini: ini cfg conf',
  'properties: properties',
  'dotenv: env',
  'xml: xml xsd xsl xslt plist csproj fsproj vbproj props targets resx xaml pom wsdl rss atom svg',
  'csv: csv',
  'tsv: tsv',
  'graphql: graphql gql',
  'protobuf: proto',
  'prisma: prisma',
  'hcl: hcl',
  'terraform: tf tfvars',
  'nix: nix',
  'dhall: dhall',
  'cue: cue',
  'jsonnet: jsonnet libsonnet',
  'jupyter-notebook: ipynb',
  'markdown: md markdown',
  'mdx: mdx',
  'restructuredtext: rst',
  'asciidoc: adoc asciidoc',
  'latex: tex sty cls',
  'bibtex: bib',
  'org: org',
  'text: txt text log',
  'diff: diff patch',
  'c: c h',
  'cpp: cpp cc cxx c++ hpp hh hxx h++ ipp tpp inl ino',
  'cuda: cu cuh',
  'objective-c: m',
  'objective-cpp: mm',
  'rust: rs',
  'go: go',
  'zig: zig',
  'nim: nim',
  'verilog: v',
  'systemverilog: sv svh',
  'vhdl: vhd vhdl',
  'assembly: asm s',
  'd: d',
  'odin: odin',
  'cmake: cmake',
  'makefile: mk mak',
  'linker-script: ld',
  'java: java',
  'kotlin: kt kts',
  'scala: scala sc sbt',
  'groovy: groovy gradle gvy',
  'clojure: clj cljs cljc edn',
  'csharp: cs csx',
  'fsharp: fs fsi fsx',
  'vbnet: vb',
  'razor: cshtml razor',
  'python: py pyi pyw',
  'cython: pyx pxd',
  'ruby: rb rake gemspec ru',
  'php: php phtml',
  'perl: pl pm t',
  'lua: lua',
  'r: r',
  'rmarkdown: rmd',
  'julia: jl',
  'tcl: tcl',
  'awk: awk',
  'shell: sh bash zsh ksh',
  'fish: fish',
  'powershell: ps1 psm1 psd1',
  'batch: bat cmd',
  'vim: vim',
  'haskell: hs lhs',
  'elm: elm',
  'ocaml: ml mli',
  'reason: re',
  'rescript: res',
  'elixir: ex exs',
  'heex: heex',
  'erlang: erl hrl',
  'lisp: lisp lsp',
  'emacs-lisp: el',
  'scheme: scm',
  'racket: rkt',
  'purescript: purs',
  'swift: swift',
  'dart: dart',
  'solidity: sol',
  'move: move',
  'cairo: cairo',
  'pascal: pas',
  'puppet: pp',
  'fortran: f f90 f95 for',
  'cobol: cob cbl',
  'ada: ada adb ads',
  'gdscript: gd',
  'hlsl: hlsl',
  'glsl: glsl vert frag',
  'wgsl: wgsl',
  'shaderlab: shader',
  'sql: sql psql mysql pgsql',
  'cypher: cypher',
  'sparql: sparql',
  'dockerfile: dockerfile',
  'bicep: bicep',
  'rego: rego',
  'sas: sas',
  'stan: stan',
  'http: http rest',
  'gherkin: feature',
  'robotframework: robot',
  'velocity: vtl',
  'jinja: j2 jinja jinja2',
  'go-template: tmpl gotmpl',
];

const BY_EXTENSION: ReadonlyMap<string, string> = new Map(
  EXTENSION_TABLE.flatMap((row) => {
    const [language = '', extensions = ''] = row.split(': ');
    return extensions.split(' ').map((extension) => [extension, language] as const);
  }),
);

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

/** The language id for a file name; `text` when nothing better is known. */
export function languageOf(path: string): string {
  const name = basenameOf(path);
  const byName = BY_NAME[name];
  if (byName !== undefined && Object.hasOwn(BY_NAME, name)) return byName;
  for (const [prefix, language] of BY_PREFIX) {
    if (name.startsWith(prefix)) return language;
  }
  if (name.startsWith('requirements') && PIP_REQUIREMENTS.test(name)) return 'pip-requirements';
  // Compound extensions (`d.ts`) win over simple ones; `.bashrc`-style names are all extension.
  // No arrays: the upload explorer runs this once per file of up to 100,000.
  for (let dot = name.indexOf('.', 1); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    const language = BY_EXTENSION.get(name.slice(dot + 1));
    if (language !== undefined) return language;
  }
  return 'text';
}
