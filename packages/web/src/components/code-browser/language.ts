import { languageOf } from '@repobundle/contract/files';

// Language ids come from the table the engine uses (@repobundle/contract/files), so the upload
// explorer's language filter, the job's file badges and the analytics name files alike.
export { languageOf };

const LABELS: Readonly<Record<string, string>> = {
  typescript: 'TypeScript',
  tsx: 'TSX',
  javascript: 'JavaScript',
  jsx: 'JSX',
  html: 'HTML',
  css: 'CSS',
  scss: 'SCSS',
  json: 'JSON',
  jsonc: 'JSONC',
  json5: 'JSON5',
  jsonl: 'JSON Lines',
  yaml: 'YAML',
  toml: 'TOML',
  ini: 'INI',
  xml: 'XML',
  csv: 'CSV',
  tsv: 'TSV',
  graphql: 'GraphQL',
  sql: 'SQL',
  php: 'PHP',
  csharp: 'C#',
  fsharp: 'F#',
  cpp: 'C++',
  'objective-c': 'Objective-C',
  'objective-cpp': 'Objective-C++',
  vbnet: 'VB.NET',
  'jupyter-notebook': 'Notebook',
  'go-module': 'Go module',
  'go-template': 'Go template',
  'pip-requirements': 'Requirements',
  dotenv: '.env',
  gitignore: '.gitignore',
  gitattributes: '.gitattributes',
  restructuredtext: 'reStructuredText',
  latex: 'LaTeX',
  bibtex: 'BibTeX',
  mdx: 'MDX',
  hcl: 'HCL',
  glsl: 'GLSL',
  hlsl: 'HLSL',
  wgsl: 'WGSL',
  text: 'Plain Text',
};

/** A language id as a person reads it on a filter button or a file badge. */
export function languageLabel(language: string): string {
  return (
    LABELS[language] ?? language.charAt(0).toUpperCase() + language.slice(1).replace(/-/g, ' ')
  );
}
