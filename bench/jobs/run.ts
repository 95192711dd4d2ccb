import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import yazl from 'yazl';
import { ensureCorpus } from '../corpora.js';
import { BenchClient } from './api-client.js';
import { startBenchServer } from './server-process.js';

/**
 * End to end through the real server : upload in chunks, assemble, queue, worker,
 * engine, storage, until the job succeeded; with the server's peak memory.
 *
 *   npm run build && npx tsx bench/jobs/run.ts [--files 1000] [--zip-mb 200] [--db pglite|postgres]
 *
 * `--db postgres` runs the server on a new database of JOBS_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test's server), as deployments do; the default is the
 * embedded database, whose memory is the server's own and counts in its peak.
 *
 * The archives are built from the `large` corpus (real npm packages). The big ZIP repeats it
 * under copy-N/ folders up to just under --zip-mb; the job selects files in order until the
 * enterprise plan's 10,000,000 lines per job are reached.
 */
const MB = 1024 * 1024;
const args = process.argv.slice(2);
const dbAt = args.indexOf('--db');
const postgresUrl =
  dbAt !== -1 && args[dbAt + 1] === 'postgres'
    ? (process.env.JOBS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    : undefined;
const flag = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};

interface Entry {
  path: string;
  bytes: Buffer;
  lines: number;
}

async function corpusFiles(): Promise<Entry[]> {
  const corpus = await ensureCorpus('large', (line) => console.log(line));
  const { execFileSync } = await import('node:child_process');
  const list = execFileSync('find', [corpus.dir, '-type', 'f'], { maxBuffer: 256 * MB })
    .toString()
    .trim()
    .split('\n')
    .sort();
  const entries: Entry[] = [];
  for (const file of list) {
    const bytes = await readFile(file);
    // Text files only, under the per-file cap: what a person would select.
    if (bytes.length > 5 * MB || bytes.includes(0)) continue;
    let lines = 0;
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
    if (bytes.length > 0 && bytes[bytes.length - 1] !== 10) lines++;
    entries.push({ path: path.relative(corpus.dir, file), bytes, lines });
  }
  return entries;
}

async function zipOf(entries: readonly Entry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  // Streams, not addBuffer: yazl deflates every added buffer at once, and 100,000 live zlib
  // contexts took 23 GB; a stream is deflated only when its turn in the archive comes.
  for (const entry of entries) {
    zip.addReadStream(Readable.from([entry.bytes]), entry.path, { size: entry.bytes.length });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Job options of the first job, and of the second job on the same archive (another format and chunking). */
const FIRST_OPTIONS = { output_format: 'md', remove_comments: false };
const AGAIN_OPTIONS = { output_format: 'txt', chunking_strategy: 'fixed', remove_comments: false };

async function measure(name: string, entries: Entry[], selected: string[], chunkBytes: number) {
  const archive = await zipOf(entries);
  const server = await startBenchServer(postgresUrl);
  try {
    const client = new BenchClient(server.url);
    await client.signUp(`${name}@bench.example`, 'enterprise');
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const runJob = async (uploadId: string, options: Record<string, unknown>) => {
      const started = performance.now();
      const chunks = await client.upload(archive, chunkBytes, uploadId);
      const uploaded = performance.now();
      const created = await client.call<{ job_id: string; line_count: number }>(
        '/api/jobs/assemble',
        {
          method: 'POST',
          body: JSON.stringify({
            upload_id: uploadId,
            file_name: 'repo.zip',
            total_chunks: chunks,
            ...options,
            selected,
          }),
        },
      );
      const assembled = performance.now();
      const job = await client.waitFor(created.job_id);
      const finished = performance.now();
      return { started, chunks, uploaded, created, assembled, job, finished };
    };
    const { started, chunks, uploaded, created, assembled, job, finished } = await runJob(
      `bench-${name}`,
      FIRST_OPTIONS,
    );
    const firstPeakRss = server.peakRss();
    // The same archive uploaded again with other options: its files come from the result cache.
    const again = await runJob(`bench-${name}-again`, AGAIN_OPTIONS);
    const chosen = new Set(selected);
    const selectedBytes = entries
      .filter((e) => chosen.has(e.path))
      .reduce((s, e) => s + e.bytes.length, 0);
    console.log(
      [
        `${name}: ${job.status}`,
        `  archive ${(archive.length / MB).toFixed(1)} MB, ${entries.length.toLocaleString('en-US')} files; selected ${selected.length.toLocaleString('en-US')} files, ${(selectedBytes / MB).toFixed(1)} MB, ${created.line_count.toLocaleString('en-US')} lines`,
        `  upload ${seconds(uploaded - started)} s (${chunks} chunks) + assemble ${seconds(assembled - uploaded)} s + processing ${seconds(finished - assembled)} s = ${seconds(finished - started)} s upload to succeeded`,
        `  server peak RSS ${(firstPeakRss / MB).toFixed(0)} MB; ${String(job.file_count)} files, ${String((job.statistics as { chunks?: number } | null)?.chunks ?? '?')} chunks`,
        `  queue wait ${seconds(Date.parse(String(job.started_at)) - Date.parse(String(job.created_at)))} s, engine + storing outputs ${seconds(Number((job.statistics as { processing_ms?: number } | null)?.processing_ms ?? 0))} s`,
        `  again (${again.job.status}, txt, fixed chunks): upload ${seconds(again.uploaded - again.started)} s + assemble ${seconds(again.assembled - again.uploaded)} s + processing ${seconds(again.finished - again.assembled)} s = ${seconds(again.finished - again.started)} s upload to succeeded`,
        `  server peak RSS over both jobs ${(server.peakRss() / MB).toFixed(0)} MB`,
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}

const corpus = await corpusFiles();
const fileCount = flag('files', 1000);
// Spread over the whole corpus (every k-th file), so the sample has the corpus's mix of sizes.
const step = Math.max(1, Math.floor(corpus.length / fileCount));
const small = corpus.filter((_, index) => index % step === 0).slice(0, fileCount);
await measure(
  `files-${fileCount}`,
  small,
  small.map((e) => e.path),
  2 * MB,
);

const zipMb = flag('zip-mb', 200);
if (zipMb > 0) {
  // Copies of the corpus until the archive is just under --zip-mb (the pro plan's upload limit is
  // 200 MB): each entry costs its deflated size plus its two headers and name, twice.
  const budget = zipMb * MB - 256 * 1024;
  const cost = corpus.map(
    (entry) => deflateRawSync(entry.bytes).length + 2 * entry.path.length + 120,
  );
  const entries: Entry[] = [];
  const selected: string[] = [];
  let lines = 0;
  let size = 0;
  fill: for (let copy = 1; ; copy++) {
    for (const [index, entry] of corpus.entries()) {
      // The archive limit is 100,000 entries: later copies leave out the smallest files.
      if (copy > 1 && (cost[index] as number) < 2048) continue;
      size += (cost[index] as number) + 2 * `copy-${copy}/`.length;
      if (size > budget) break fill;
      const copied = { ...entry, path: `copy-${copy}/${entry.path}` };
      entries.push(copied);
      if (lines + entry.lines <= 10_000_000) {
        selected.push(copied.path);
        lines += entry.lines;
      }
    }
  }
  await measure(`zip-${zipMb}mb`, entries, selected, 8 * MB);
}
