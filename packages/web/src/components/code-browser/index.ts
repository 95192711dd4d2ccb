// The code browser shared by the upload explorer and the job's output browser: the language
// table, the highlighter, the virtualised code view with line numbers, wrap and search, and the
// previewed file's frame around it.
export { createCodeDocument, useCodeDocument, type CodeDocument } from './code-document.js';
export { CodeView } from './code-view.js';
export { languageLabel, languageOf } from './language.js';
export { useFileSearch } from './use-file-search.js';
export { useVirtualWindow } from './use-virtual-window.js';
export { CodeLoadFailed, CodeSkeleton, CodeSpinner } from './code-states.js';
export { FilePreview, PreviewMessage, PreviewNote } from './file-preview.js';
export {
  ancestorsOf,
  buildTree,
  filesInOrder,
  flattenRows,
  HIDDEN,
  pathMatches,
  ROOT,
  rowDepth,
  shownBelow,
  type FileTree,
  type TreeFileOf,
  type TreeFolderOf,
} from './file-tree.js';
export { FileTreeView } from './file-tree-view.js';
