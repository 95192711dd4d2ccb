import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pack } from './pack.js';

const body = (name: string) =>
  Array.from(
    { length: 8 },
    (_, index) =>
      `export function ${name}${index}(x: number): number {\n  return x + ${index};\n}\n`,
  ).join('\n');

/** `core.ts` is imported for real by three files; `decoy.ts` only named in comments and strings. */
const FILES: Record<string, string> = {
  'src/core.ts': body('core'),
  'src/decoy.ts': body('decoy'),
  'src/one.ts': `import { core0 } from './core';\n// import { decoy0 } from './decoy';\n${body('one')}`,
  'src/two.ts': `import {\n  core1,\n} from './core.js';\nconst doc = "import { decoy1 } from './decoy'";\n${body('two')}`,
  'src/three.js': `const core = require('./core');\n/* require('./decoy') */\n${body('three')}`,
  'src/view.vue': `<script>\nimport { decoy2 } from './decoy';\n</script>\n`,
};

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('packing to a budget ranks files by the import graph of their syntax trees', () => {
  it('counts real imports only, says which files were read by pattern, whatever the workers', async () => {
    const full = await pack(root, {}, { workers: 0 });
    const options = { tokenBudget: Math.round(full.statistics.outputTokens * 0.8) };
    const now = () => new Date('2026-01-01T00:00:00Z');
    const inline = await pack(root, options, { workers: 0, now });
    const reasons = new Map(inline.files.map((file) => [file.path, file.levelReason]));
    expect(reasons.get('src/core.ts')).toBe('rank 1/6: 3 importers');
    // Only the Vue file, which no grammar parses, imports it: its patterns count that one.
    expect(reasons.get('src/decoy.ts')).toBe('rank 2/6: 1 importer');
    expect(reasons.get('src/view.vue')).toMatch(/: imports by pattern$/);
    expect(reasons.get('src/one.ts')).not.toMatch(/pattern/);

    const pooled = await pack(root, options, { workers: 2, now });
    expect(pooled.overview.text).toBe(inline.overview.text);
    expect(pooled.chunks.map((chunk) => chunk.text)).toEqual(
      inline.chunks.map((chunk) => chunk.text),
    );
  });
});
