import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Checkout } from './repository-checkout.js';
import { isRegularFile, type TreeEntry } from './repository-tree.js';

/**
 * Writes the commit as a ZIP to `target` with `git archive`. The archive holds exactly the files
 * the preview lists: the repository's own export-ignore and export-subst attributes are switched
 * off (a listed file would be missing, or its content rewritten), and symbolic links are left
 * out, since the archive checks refuse links and a link's target is not content.
 */
export async function writeArchive(
  checkout: Checkout,
  entries: readonly TreeEntry[],
  target: string,
): Promise<void> {
  const info = join(checkout.dir, '.git', 'info');
  await mkdir(info, { recursive: true });
  // info/attributes outranks every .gitattributes in the tree.
  await writeFile(join(info, 'attributes'), '* -export-ignore -export-subst\n');

  let treeish = checkout.rev;
  const links = entries.filter((entry) => entry.type === 'blob' && !isRegularFile(entry));
  if (links.length > 0) {
    // A tree without the links, built in a private index: no path ever goes through argv.
    const index = join(checkout.dir, '.git', 'archive-index');
    const list = join(checkout.dir, '.git', 'archive-excluded');
    await writeFile(list, links.map((entry) => `${entry.path}\0`).join(''));
    const indexed = (args: string[]) => checkout.git(args, undefined, { GIT_INDEX_FILE: index });
    await indexed(['read-tree', '--end-of-options', checkout.rev]);
    await indexed([
      'rm',
      '--cached',
      '-q',
      '--ignore-unmatch',
      `--pathspec-from-file=${list}`,
      '--pathspec-file-nul',
    ]);
    treeish = (await indexed(['write-tree'])).toString('utf8').trim();
  }
  await checkout.git([
    'archive',
    '--format=zip',
    `--output=${target}`,
    '--end-of-options',
    treeish,
  ]);
}
