import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, digestOf, inTurns, runCli } from './built-cli.js';

/**
 * Every run either writes the whole bundle and exits 0, or says why and exits non-zero; and the
 * same input and options give the same bytes every time, whatever the number of threads. Timing
 * decides whether such defects show, so the built CLI runs many times in a row as child processes
 * (a test runner's own handles would keep a process alive that would otherwise have ended).
 */
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
let dir: string;

/** A small project (packed inline), a larger one (packed on worker threads) and a ZIP. */
async function makeInputs(root: string): Promise<{ small: string; large: string; zip: string }> {
  const small = join(root, 'small');
  const large = join(root, 'large');
  await mkdir(join(small, 'src'), { recursive: true });
  await mkdir(join(large, 'lib'), { recursive: true });
  const zip = new yazl.ZipFile();
  for (let i = 0; i < 40; i++) {
    const content = `// module ${i}\nexport function f${i}(x) {\n  return x + ${i}; // add\n}\n\n`;
    await writeFile(join(small, 'src', `m${i}.js`), content);
    zip.addBuffer(Buffer.from(content), `src/m${i}.js`);
  }
  await writeFile(join(small, 'README.md'), '# Small\n\nA project.\n');
  // About 4 MB: over the engine's inline threshold on a machine of four cores or more (on two the
  // runs below ask for the threads).
  const body = Array.from(
    { length: 700 },
    (_, line) => `  const value${line} = compute(${line}, "text ${line}"); // step ${line}`,
  ).join('\n');
  for (let i = 0; i < 90; i++) {
    await writeFile(
      join(large, 'lib', `part${String(i).padStart(2, '0')}.ts`),
      `/** Part ${i}. */\nexport function part${i}() {\n${body}\n}\n`,
    );
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(join(root, 'small.zip'), Buffer.concat(chunks));
  return { small, large, zip: join(root, 'small.zip') };
}

let inputs: Awaited<ReturnType<typeof makeInputs>>;
beforeAll(async () => {
  assertBuilt();
  dir = await mkdtemp(join(tmpdir(), 'repobundle-repeat-'));
  inputs = await makeInputs(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the built CLI, run many times', () => {
  it('writes the whole bundle on every one of 200 runs, the same bytes each time', async () => {
    const cases = [
      { name: 'small folder', source: () => inputs.small, runs: 70, args: ['--remove-comments'] },
      { name: 'small ZIP', source: () => inputs.zip, runs: 50, args: ['--output-format', 'json'] },
      { name: 'stdout', source: () => inputs.small, runs: 50, args: [] },
      {
        name: 'large folder',
        source: () => inputs.large,
        runs: 30,
        args: ['--token-limit', '64000', '--remove-comments', '--workers', '2'],
      },
    ];
    const tasks = cases.flatMap((spec) =>
      Array.from({ length: spec.runs }, (_, run) => async () => {
        const toStdout = spec.name === 'stdout';
        const out = join(dir, 'out', `${spec.name.replace(/ /g, '-')}-${run}`);
        const args = toStdout
          ? ['pack', spec.source(), ...spec.args]
          : ['pack', spec.source(), '-o', out, '--json', ...spec.args];
        const result = await runCli(args, EPOCH);
        const problem =
          result.code !== 0
            ? `exit ${result.code}: ${result.stderr.trim()}`
            : toStdout
              ? result.stdout.length === 0
                ? 'exit 0 with nothing on stdout'
                : undefined
              : result.stdout.trim() === ''
                ? 'exit 0 without a summary'
                : undefined;
        if (problem) return { name: spec.name, run, problem, digest: '' };
        const digest = toStdout
          ? createHash('sha256').update(result.stdout).digest('hex')
          : await digestOf(out).catch((error: Error) => `unreadable: ${error.message}`);
        if (!toStdout) await rm(out, { recursive: true, force: true });
        return { name: spec.name, run, problem: undefined, digest };
      }),
    );
    const results = await inTurns(tasks, 2);
    expect(results).toHaveLength(200);
    expect(results.filter((result) => result.problem)).toEqual([]);
    for (const spec of cases) {
      const digests = new Set(results.filter((r) => r.name === spec.name).map((r) => r.digest));
      expect([...digests], spec.name).toHaveLength(1);
    }
  }, 1_500_000);

  it('gives byte-identical bundles on 0, 1, 2 and 4 worker threads', async () => {
    const digests: string[] = [];
    for (const workers of ['0', '1', '2', '4']) {
      for (const source of [inputs.large, inputs.zip]) {
        const out = join(dir, `workers-${workers}-${digests.length}`);
        const result = await runCli(
          [
            'pack',
            source,
            '-o',
            out,
            '--workers',
            workers,
            '--chunking-strategy',
            'semantic',
            '--token-limit',
            '32000',
            '--remove-comments',
            '--show-line-numbers',
            '--no-cache',
          ],
          EPOCH,
        );
        expect(result.code, result.stderr).toBe(0);
        digests.push(`${source}: ${await digestOf(out)}`);
      }
    }
    expect(new Set(digests).size).toBe(2);
  }, 300_000);
});
