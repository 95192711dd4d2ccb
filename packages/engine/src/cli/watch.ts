import type { FSWatcher } from 'node:fs';
import { readdirSync, statSync, watch } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { isExcludedFolder } from '../core/select/index.js';

/** Changes closer together than this are one change (an editor saves in several writes). */
const DEBOUNCE_MS = 300;

/**
 * Packs again after every change under `folder` (debounced), until Ctrl-C or SIGTERM, which end
 * the watch normally. One watcher per folder, set up before "Watching" is printed (Node's
 * recursive watch starts in the background and misses early changes); folders the engine never
 * reads (node_modules, .git, ...) and the output itself are not watched, so writing the bundle
 * into the input does not start another pack.
 */
export async function watchAndRepack(
  folder: string | undefined,
  outputPath: string | undefined,
  repack: () => Promise<void>,
): Promise<void> {
  if (folder === undefined) throw new Error('--watch watches a folder, not an archive.');
  const root = resolve(folder);
  await new Promise<void>((done) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const watchers = new Map<string, FSWatcher>();
    const seen = new Map<string, string | undefined>();
    const isOutput = (path: string) =>
      outputPath !== undefined && (path === outputPath || path.startsWith(outputPath + sep));

    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(() =>
          repack().catch((error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            process.stderr.write(`repobundle: ${message}\n`);
          }),
        );
      }, DEBOUNCE_MS);
    };
    const watchFolder = (path: string) => {
      if (watchers.has(path) || isOutput(path)) return;
      let watcher: FSWatcher;
      try {
        watcher = watch(path, (_event, name) => {
          if (name === null) return;
          const child = join(path, String(name));
          if (isOutput(child)) return;
          const info = statSync(child, { throwIfNoEntry: false });
          if (info?.isDirectory()) {
            if (!isExcludedFolder(String(name)) && !watchers.has(child)) {
              watchTree(child);
              changed();
            }
            return;
          }
          // Reading a file for the pack touches its access time, which the watch reports too:
          // only a new size or modification time is a change.
          const stamp = info ? `${info.mtimeMs}:${info.size}` : undefined;
          if (seen.get(child) === stamp) return;
          if (stamp === undefined) seen.delete(child);
          else seen.set(child, stamp);
          changed();
        });
      } catch {
        return;
      }
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(path);
      });
      watchers.set(path, watcher);
    };
    const watchTree = (path: string) => {
      let entries;
      try {
        entries = readdirSync(path, { withFileTypes: true });
      } catch {
        return;
      }
      watchFolder(path);
      for (const entry of entries) {
        if (entry.isDirectory() && !isExcludedFolder(entry.name)) watchTree(join(path, entry.name));
      }
    };

    watchTree(root);
    process.stderr.write(`Watching ${folder} for changes (Ctrl-C to stop)\n`);
    const stop = () => {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
