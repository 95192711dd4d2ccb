import { languageOf } from '@repobundle/contract/files';

export { languageOf };

/**
 * Fence tags where the id is not what markdown highlighters (GitHub linguist aliases) expect.
 * Every other id is used as its own tag.
 */
const FENCE_TAGS: Readonly<Record<string, string>> = {
  'objective-c': 'objectivec',
  'objective-cpp': 'objectivec',
  'jupyter-notebook': 'json',
  'go-module': 'go',
  'go-template': 'go',
  'pip-requirements': 'text',
  'linker-script': 'text',
  restructuredtext: 'rst',
  'emacs-lisp': 'elisp',
  vbnet: 'vb',
  gitattributes: 'text',
  robotframework: 'robot',
  velocity: 'text',
  jsonl: 'json',
  dotenv: 'shell',
};

/** The markdown fence tag for a file, which may differ from its language id. */
export function fenceLanguageOf(path: string): string {
  const language = languageOf(path);
  return FENCE_TAGS[language] ?? language;
}
