// Bundles a ZIP with RepoBundle and saves the outputs: node bundle-zip.mjs repo.zip [bundle.zip]
// Needs REPOBUNDLE_API_KEY (a key of the jobs scope); REPOBUNDLE_URL defaults to localhost.
import { readFile, writeFile } from 'node:fs/promises';

const [archive, output = 'bundle.zip'] = process.argv.slice(2);
const base = process.env.REPOBUNDLE_URL ?? 'http://localhost:3000';
const auth = { authorization: `Bearer ${process.env.REPOBUNDLE_API_KEY}` };

async function call(path, init = {}) {
  const response = await fetch(base + path, { ...init, headers: { ...auth, ...init.headers } });
  if (response.ok) return response;
  const error = await response.json().catch(() => ({}));
  throw new Error(`${path}: ${response.status} ${error.code}: ${error.detail}`);
}

const created = await call('/api/jobs/from-archive?output_format=md&chunking_strategy=auto', {
  method: 'POST',
  headers: { 'content-type': 'application/zip' },
  body: await readFile(archive),
});
const { job_id: id, reserved_credits } = await created.json();
console.log(`job ${id}: ${reserved_credits} credits reserved`);

let job;
do job = await (await call(`/api/jobs/${id}?wait=30`)).json();
while (job.status === 'pending' || job.status === 'processing');
if (job.status === 'failed') throw new Error(`job ${id} failed: ${job.error}`);

const outputs = await call(`/api/jobs/${id}/download`);
await writeFile(output, Buffer.from(await outputs.arrayBuffer()));
console.log(`${job.statistics.tokens} tokens in ${job.statistics.chunks} chunks: ${output}`);
