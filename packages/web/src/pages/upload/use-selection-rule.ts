import { DEFAULT_MAX_FILE_BYTES } from '@repobundle/contract/files';
import {
  createSelectionRule,
  gitignoreFilesOf,
  gitignoreSource,
  type IgnoreSource,
} from '@repobundle/engine/select';
import { useEffect, useMemo, useState } from 'react';
import type { CustomPattern } from './config/custom-patterns.js';
import { readZipEntry } from './zip/read-zip-entry.js';
import type { LoadedArchive } from './use-archive.js';

/** Every eligible file is kept. */
export const ALL_KEPT = 'all';

export interface RuleOptions {
  useGitignore: boolean;
  customPatterns: readonly CustomPattern[];
}

/** The archive's .gitignore files as the rule reads them; null until read. */
function useGitignoreSources(archive: LoadedArchive, needed: boolean): IgnoreSource[] | null {
  const [sources, setSources] = useState<{ archive: LoadedArchive; list: IgnoreSource[] } | null>(
    null,
  );
  useEffect(() => {
    if (!needed || sources?.archive === archive) return;
    let live = true;
    void Promise.all(
      gitignoreFilesOf(archive.listing.entries).map(async ({ file, dir }) => {
        try {
          const { bytes } = await readZipEntry(archive.file, file);
          return gitignoreSource(file.path, dir, bytes);
        } catch {
          // As on the server: a .gitignore that cannot be read contributes no rules.
          return null;
        }
      }),
    ).then((read) => {
      if (live) setSources({ archive, list: read.filter((source) => source !== null) });
    });
    return () => {
      live = false;
    };
  }, [archive, needed, sources]);
  return sources?.archive === archive ? sources.list : null;
}

/** One kind of the person's patterns, one per line. */
function patternsKey(patterns: RuleOptions['customPatterns'], type: 'include' | 'exclude'): string {
  return patterns
    .filter((pattern) => pattern.type === type)
    .map((pattern) => pattern.pattern)
    .join('\n');
}

/**
 * Which files of the archive a job would process under these options, by the engine's own
 * selection rule (the one the server applies): 1 kept, 0 left out, per file of the tree, or
 * ALL_KEPT when the options leave out nothing beyond the tree's ineligible files. Null
 * while the .gitignore files are being read, or when a pattern cannot be applied (the server
 * then refuses it and says why).
 */
export function useSelectionRule(
  archive: LoadedArchive,
  options: RuleOptions,
): Uint8Array | typeof ALL_KEPT | null {
  const gitignores = useGitignoreSources(archive, options.useGitignore);
  // The patterns' text stands for the lists (a pattern is one line): a new array with the same
  // patterns is no change.
  const includeKey = patternsKey(options.customPatterns, 'include');
  const excludeKey = patternsKey(options.customPatterns, 'exclude');
  return useMemo(() => {
    const include = includeKey === '' ? [] : includeKey.split('\n');
    const exclude = excludeKey === '' ? [] : excludeKey.split('\n');
    if (options.useGitignore && gitignores === null) return null;
    // Without .gitignore or patterns the rule keeps exactly the files the tree marks eligible
    // (both apply the same name and size rules): nothing to work out per file.
    if (!options.useGitignore && include.length === 0 && exclude.length === 0) return ALL_KEPT;
    try {
      const rule = createSelectionRule(
        {
          respectGitignore: options.useGitignore,
          includePatterns: include,
          excludePatterns: exclude,
          maxFileBytes: DEFAULT_MAX_FILE_BYTES,
        },
        gitignores ?? [],
      );
      return Uint8Array.from(archive.tree.files, (file) => (rule(file) === undefined ? 1 : 0));
    } catch {
      return null;
    }
  }, [archive, options.useGitignore, gitignores, includeKey, excludeKey]);
}
