import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** A ZIP archive built in memory from path -> content. */
export async function buildZip(files: Record<string, string | Uint8Array>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) {
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : Buffer.from(content), path);
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The entries of a ZIP archive, path -> text. */
export async function readZip(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const out: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const parts: Buffer[] = [];
        stream.on('data', (part: Buffer) => parts.push(part));
        stream.on('end', () => {
          out[entry.fileName] = Buffer.concat(parts).toString('utf8');
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; first?: boolean },
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  const addFile = () => file && form.append(file.name, new Blob([file.bytes]), 'blob');
  if (file?.first) addFile();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file && !file.first) addFile();
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

export async function sendChunk(
  app: FastifyInstance,
  token: string,
  fields: { upload_id: string; file_name: string; chunk_index: number; total_chunks: number },
  bytes: Uint8Array,
  options: { fileFirst?: boolean } = {},
) {
  const { body, contentType } = await multipartBody(
    {
      upload_id: fields.upload_id,
      file_name: fields.file_name,
      chunk_index: String(fields.chunk_index),
      total_chunks: String(fields.total_chunks),
    },
    { name: 'chunk', bytes, first: options.fileFirst ?? false },
  );
  return app.inject({
    method: 'POST',
    url: '/api/jobs/chunk',
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}

/** Uploads an archive in `chunks` pieces; returns the upload id. */
export async function uploadInChunks(
  app: FastifyInstance,
  token: string,
  archive: Buffer,
  chunks = 1,
  uploadId = `up-${Math.random().toString(36).slice(2)}`,
): Promise<string> {
  const size = Math.ceil(archive.length / chunks);
  for (let index = 0; index < chunks; index++) {
    const res = await sendChunk(
      app,
      token,
      { upload_id: uploadId, file_name: 'repo.zip', chunk_index: index, total_chunks: chunks },
      archive.subarray(index * size, (index + 1) * size),
    );
    if (res.statusCode !== 200) throw new Error(`chunk ${index}: ${res.statusCode} ${res.body}`);
  }
  return uploadId;
}

export function assemble(
  app: FastifyInstance,
  token: string,
  uploadId: string,
  fields: Record<string, unknown>,
  totalChunks = 1,
) {
  return app.inject({
    method: 'POST',
    url: '/api/jobs/assemble',
    payload: {
      upload_id: uploadId,
      file_name: 'repo.zip',
      total_chunks: totalChunks,
      output_format: 'md',
      ...fields,
    },
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Polls GET /api/jobs/{id} until the job is finished. */
export async function waitForJob(
  app: FastifyInstance,
  token: string,
  jobId: string,
  timeoutMs = 60_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/jobs/${jobId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const job = res.json<Record<string, unknown>>();
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${String(job.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
