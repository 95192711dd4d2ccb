// The language badge of an output file and the highlighter it uses, from its extension.

export type HighlightMode = 'markdown' | 'json' | 'yaml' | 'xml' | 'csv' | 'code' | 'plain';

interface Language {
  label: string;
  mode: HighlightMode;
}

const BY_EXTENSION: Record<string, Language> = {
  md: { label: 'Markdown', mode: 'markdown' },
  markdown: { label: 'Markdown', mode: 'markdown' },
  json: { label: 'JSON', mode: 'json' },
  jsonl: { label: 'JSON Lines', mode: 'json' },
  yaml: { label: 'YAML', mode: 'yaml' },
  yml: { label: 'YAML', mode: 'yaml' },
  xml: { label: 'XML', mode: 'xml' },
  html: { label: 'HTML', mode: 'xml' },
  csv: { label: 'CSV', mode: 'csv' },
  txt: { label: 'Plain Text', mode: 'plain' },
  text: { label: 'Plain Text', mode: 'plain' },
  js: { label: 'JavaScript', mode: 'code' },
  ts: { label: 'TypeScript', mode: 'code' },
  py: { label: 'Python', mode: 'code' },
};

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function languageOf(path: string): Language {
  const ext = extensionOf(path);
  return BY_EXTENSION[ext] ?? { label: ext ? ext.toUpperCase() : 'Plain Text', mode: 'plain' };
}
