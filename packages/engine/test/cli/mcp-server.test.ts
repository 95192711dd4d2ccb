import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createGitFixtures, startGitDaemon } from '../git/git-servers.js';
import type { GitFixtures, GitServer } from '../git/git-servers.js';
import { CLI, assertBuilt, testCacheDir } from './built-cli.js';

// The SDK's own client speaking to the built `repobundle mcp` over stdio, as an MCP client
// (Claude Desktop, Cursor, an IDE) would: initialize, list tools, call each, and the errors.

const MANY_FILES = 260;
const LONG_LINES = 2_000;

let fixtures: GitFixtures;
let daemon: GitServer;
/** The server's TMPDIR: its session folder lives here, and must be gone when it stops. */
let scratch: string;
let project: string;
let zipFile: string;
let longText: string;
let client: Client;

async function makeZip(path: string, files: Record<string, string>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(path, Buffer.concat(chunks));
}

function makeProject(root: string): string {
  const dir = join(root, 'project');
  mkdirSync(join(dir, 'src', 'many'), { recursive: true });
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'README.md'), '# Project\n\nSays hello.\n');
  writeFileSync(
    join(dir, 'src', 'app.ts'),
    [
      'import { format } from "./format";',
      '',
      '/** Says hello. */',
      'export function greet(name: string): string {',
      '  return format(`Hello, ${name}`);',
      '}',
      '',
    ].join('\n'),
  );
  for (let i = 0; i < MANY_FILES; i++) {
    const name = `file-${String(i).padStart(3, '0')}.ts`;
    writeFileSync(
      join(dir, 'src', 'many', name),
      `// TODO item ${i}\nexport const v${i} = ${i};\n`,
    );
  }
  longText = Array.from(
    { length: LONG_LINES },
    (_, line) => `line ${line + 1}: the quick brown fox jumps`,
  ).join('\n');
  longText += '\n';
  writeFileSync(join(dir, 'docs', 'long.txt'), longText);
  writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
  return dir;
}

function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
}

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`expected text, got ${JSON.stringify(first)}`);
  return first.text;
}

/** The page itself: what follows the header line and the blank line after it. */
function pageBody(result: CallToolResult): string {
  const text = textOf(result);
  return text.slice(text.indexOf('\n\n') + 2);
}

async function packOk(
  args: Record<string, unknown>,
): Promise<{ id: string; result: CallToolResult }> {
  const result = await call('pack_codebase', args);
  expect(result.isError, textOf(result)).toBeFalsy();
  const structured = result.structuredContent as { bundle_id: string };
  return { id: structured.bundle_id, result };
}

async function expectToolError(
  name: string,
  args: Record<string, unknown>,
  message: RegExp,
): Promise<void> {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(message);
}

beforeAll(async () => {
  assertBuilt();
  fixtures = createGitFixtures();
  fixtures.createRepository('acme', 'tool', [
    { message: 'first', files: { 'README.md': '# tool\n', 'src/a.ts': 'export const a = 1;\n' } },
    { message: 'second', files: { 'src/b.ts': 'export const b = 2;\n' } },
  ]);
  daemon = await startGitDaemon(fixtures.root);
  scratch = mkdtempSync(join(fixtures.base, 'tmp-'));
  const inputs = mkdtempSync(join(fixtures.base, 'inputs-'));
  project = makeProject(inputs);
  zipFile = join(inputs, 'lib.zip');
  await makeZip(zipFile, { 'lib/index.js': 'module.exports = 42;\n', 'lib/README.md': '# lib\n' });
  client = new Client({ name: 'repobundle-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: fixtures.base,
        TMPDIR: scratch,
        CACHE_DIR: testCacheDir(),
        GIT_TOKEN: '',
        GITHUB_TOKEN: '',
      },
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await daemon?.stop();
  fixtures?.remove();
});

describe('repobundle mcp', () => {
  it('packs to a token budget with the job fields, and refuses fit without a model', async () => {
    const { result } = await packOk({
      source: project,
      token_budget: 100_000,
      keep_patterns: ['src/'],
      focus: 'answer',
    });
    const structured = result.structuredContent as {
      budget: { tokens: number; used: number; levels: Record<string, number> };
      file_levels: { path: string; level: string; reason: string }[];
    };
    expect(structured.budget.tokens).toBe(100_000);
    expect(structured.budget.used).toBeLessThanOrEqual(100_000);
    expect(structured.file_levels.length).toBeGreaterThan(0);
    expect(structured.file_levels.every((file) => file.level === 'full')).toBe(true);
    expect(textOf(result)).toMatch(/^Budget: [\d,]+ of 100,000 tokens used/m);
    await expectToolError(
      'pack_codebase',
      { source: project, fit_to_model: true },
      /fit_to_model \(--fit\) needs a target model/,
    );
  });

  it('initializes and lists its four tools with their input schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('repobundle');
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'grep_bundle',
      'list_bundle_files',
      'pack_codebase',
      'read_bundle',
    ]);
    const pack = tools.find((tool) => tool.name === 'pack_codebase');
    expect(pack?.inputSchema.required).toEqual(['source']);
    expect(Object.keys(pack?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['source', 'ref', 'output_format', 'token_limit', 'remove_comments']),
    );
  });

  it('packs a folder into a bundle kept in a session folder, with a summary and links', async () => {
    const { id, result } = await packOk({ source: project });
    expect(id).toMatch(/^b-[0-9a-f]{8}$/);
    const summary = result.structuredContent as {
      files: number;
      skipped_files: number;
      tokens: number;
      chunks: { index: number }[];
    };
    expect(summary.files).toBe(MANY_FILES + 3);
    expect(summary.skipped_files).toBe(1);
    expect(summary.chunks).toHaveLength(1);
    expect(textOf(result)).toMatch(/Skipped 1 file: binary 1\./);
    expect(result.content).toContainEqual(
      expect.objectContaining({
        type: 'resource_link',
        uri: `repobundle://bundles/${id}/overview`,
        mimeType: 'text/markdown',
      }),
    );
    const session = readdirSync(scratch).filter((name) => name.startsWith('repobundle-mcp-'));
    expect(session).toHaveLength(1);
    expect(readdirSync(join(scratch, session[0] as string))).toContain(id);
  });

  it('lists the files with their tokens, 200 a page', async () => {
    const { id, result } = await packOk({ source: project });
    const total = (result.structuredContent as { tokens: number }).tokens;
    type Page = { files: { path: string; tokens: number }[]; pages: number; page: number };
    const first = await call('list_bundle_files', { bundle_id: id });
    const second = await call('list_bundle_files', { bundle_id: id, page: 2 });
    const one = first.structuredContent as Page;
    const two = second.structuredContent as Page;
    expect([one.files.length, two.files.length, one.pages]).toEqual([200, MANY_FILES + 3 - 200, 2]);
    expect(textOf(first)).toMatch(/Page 1 of 2; for the next, call list_bundle_files with page: 2/);
    const sum = [...one.files, ...two.files].reduce((acc, file) => acc + file.tokens, 0);
    expect(sum).toBe(total);
    expect(textOf(first)).toMatch(/\n\s+32\s+6\s+1\s+src\/app\.ts\n/);

    const largest = await call('list_bundle_files', { bundle_id: id, sort_by: 'tokens' });
    expect((largest.structuredContent as Page).files[0]?.path).toBe('docs/long.txt');
    await expectToolError('list_bundle_files', { bundle_id: id, page: 3 }, /there is no page 3/);
  });

  it('reads a long file in pages that put together give the file back', async () => {
    const { id } = await packOk({ source: project });
    const first = await call('read_bundle', { bundle_id: id, file: 'docs/long.txt' });
    const pages = Number(/Page 1 of (\d+)/.exec(textOf(first))?.[1]);
    expect(pages).toBeGreaterThan(3);
    expect(textOf(first)).toMatch(
      /^File docs\/long\.txt \(2,000 lines, [\d,]+ tokens\) of bundle b-\w+, lines 1-\d+\. Page 1 of \d+; for the next, call read_bundle with file: "docs\/long.txt" and page: 2\./,
    );
    const bodies = [pageBody(first)];
    for (let page = 2; page <= pages; page++) {
      const next = await call('read_bundle', { bundle_id: id, file: 'docs/long.txt', page });
      expect(next.isError).toBeFalsy();
      bodies.push(pageBody(next));
    }
    for (const body of bodies) expect(body.length).toBeLessThanOrEqual(20_000);
    expect(bodies.join('')).toBe(longText);
    await expectToolError(
      'read_bundle',
      { bundle_id: id, file: 'docs/long.txt', page: pages + 1 },
      new RegExp(`has ${pages} pages; there is no page ${pages + 1}`),
    );
  });

  it('reads the overview, a chunk in pages, and the same chunk whole as a resource', async () => {
    const { id } = await packOk({ source: project });
    const overview = await call('read_bundle', { bundle_id: id });
    expect(textOf(overview)).toMatch(/^Overview overview\.md of bundle/);
    expect(pageBody(overview)).toContain('src/app.ts');

    const resource = await client.readResource({ uri: `repobundle://bundles/${id}/chunks/1` });
    const whole = resource.contents[0] as { text: string; mimeType: string };
    expect(whole.mimeType).toBe('text/markdown');
    const first = await call('read_bundle', { bundle_id: id, chunk: 1 });
    const pages = Number(/Page 1 of (\d+)/.exec(textOf(first))?.[1]);
    const bodies = [pageBody(first)];
    for (let page = 2; page <= pages; page++) {
      bodies.push(pageBody(await call('read_bundle', { bundle_id: id, chunk: 1, page })));
    }
    expect(bodies.join('')).toBe(whole.text);
    expect(whole.text).toContain('export function greet(name: string): string {');

    const { resources } = await client.listResources();
    expect(resources.map((entry) => entry.uri)).toEqual(
      expect.arrayContaining([
        `repobundle://bundles/${id}/overview`,
        `repobundle://bundles/${id}/chunks/1`,
      ]),
    );
  });

  it('greps with line numbers and context lines, and pages many matches', async () => {
    const { id } = await packOk({ source: project });
    const greet = await call('grep_bundle', {
      bundle_id: id,
      pattern: 'GREET\\(',
      ignore_case: true,
      context_lines: 1,
    });
    expect(greet.isError).toBeFalsy();
    expect(textOf(greet)).toContain(
      [
        'src/app.ts',
        '3-/** Says hello. */',
        '4:export function greet(name: string): string {',
        '5-  return format(`Hello, ${name}`);',
      ].join('\n'),
    );

    const todo = await call('grep_bundle', { bundle_id: id, pattern: 'TODO item \\d+', page: 2 });
    expect(textOf(todo)).toMatch(
      /^260 matches of \/TODO item \\d\+\/ in 260 files of bundle b-\w+; matches 26-50\. Page 2 of 11;/,
    );
    expect(textOf(todo)).toContain(
      'src/many/file-025.ts\n1:// TODO item 25\n2-export const v25 = 25;',
    );
    const last = await call('grep_bundle', { bundle_id: id, pattern: 'TODO item', page: 11 });
    expect(textOf(last).match(/^1:\/\/ TODO item/gm)).toHaveLength(10);

    const onlyOne = await call('grep_bundle', {
      bundle_id: id,
      pattern: 'TODO',
      paths: ['src/many/file-007.ts'],
    });
    expect((onlyOne.structuredContent as { matches: number }).matches).toBe(1);
    const none = await call('grep_bundle', { bundle_id: id, pattern: 'no such words' });
    expect(textOf(none)).toMatch(/^No match of \/no such words\/ in 263 files/);
  });

  it('reports progress to a client that asks for it', async () => {
    const stages: string[] = [];
    const result = (await client.callTool(
      { name: 'pack_codebase', arguments: { source: project } },
      undefined,
      { onprogress: (progress) => stages.push(progress.message ?? '') },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(stages).toEqual(expect.arrayContaining(['selecting', 'processing', 'done']));
  });

  it('packs a ZIP archive', async () => {
    const { id, result } = await packOk({ source: zipFile, output_format: 'json' });
    expect(textOf(result)).toMatch(/2 files .* into 1 chunk of json/);
    const list = await call('list_bundle_files', { bundle_id: id });
    const files = (list.structuredContent as { files: { path: string }[] }).files;
    expect(files.map((file) => file.path)).toEqual(['lib/README.md', 'lib/index.js']);
    const read = await call('read_bundle', { bundle_id: id, file: 'lib/index.js' });
    expect(pageBody(read)).toBe('module.exports = 42;\n');
  });

  it('packs a git URL at a ref, and leaves no clone behind', async () => {
    const url = `${daemon.baseUrl}/acme/tool.git`;
    const { id, result } = await packOk({ source: url, ref: 'main', remove_comments: true });
    expect(textOf(result)).toContain(`Packed ${url}: 3 files`);
    const list = await call('list_bundle_files', { bundle_id: id });
    const files = (list.structuredContent as { files: { path: string }[] }).files;
    expect(files.map((file) => file.path)).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    expect(readdirSync(scratch).filter((name) => name.startsWith('repobundle-clone-'))).toEqual([]);
  });

  it('answers mistakes with tool errors a model can act on', async () => {
    await expectToolError(
      'pack_codebase',
      { source: join(project, 'no-such-folder') },
      /No such file or folder: .*no-such-folder/,
    );
    await expectToolError(
      'pack_codebase',
      { source: project, token_limit: 1234 },
      /Token limit 1234 is not allowed; use one of 32000/,
    );
    await expectToolError(
      'pack_codebase',
      { source: project, chunk_overlap: 100_000, token_limit: 32000 },
      /Chunk overlap 100000 must be at most half the token limit/,
    );
    await expectToolError(
      'pack_codebase',
      { source: project, output_format: 'pdf' },
      /output_format/,
    );
    await expectToolError(
      'read_bundle',
      { bundle_id: 'b-00000000' },
      /No bundle "b-00000000" in this session; the bundles are: b-/,
    );
    const { id } = await packOk({ source: project });
    await expectToolError(
      'grep_bundle',
      { bundle_id: id, pattern: 'greet(' },
      /The pattern \/greet\(\/ is not a valid regular expression .*Unterminated group/,
    );
    await expectToolError(
      'grep_bundle',
      { bundle_id: id, pattern: '(a+)+$' },
      /could take too long to run/,
    );
    await expectToolError(
      'read_bundle',
      { bundle_id: id, file: 'app.ts' },
      /has no file "app.ts"; did you mean src\/app\.ts\?/,
    );
    await expectToolError(
      'read_bundle',
      { bundle_id: id, chunk: 9 },
      /has 1 chunk; there is no chunk 9/,
    );
    await expectToolError(
      'read_bundle',
      { bundle_id: id, chunk: 1, file: 'README.md' },
      /Give chunk or file, not both/,
    );
    await expectToolError('read_bundle', { bundle_id: id, page: 0 }, /page/);
  });

  it('removes the session folder when the client goes away', async () => {
    await packOk({ source: project });
    expect(readdirSync(scratch).some((name) => name.startsWith('repobundle-mcp-'))).toBe(true);
    await client.close();
    expect(readdirSync(scratch)).toEqual([]);
    rmSync(scratch, { recursive: true, force: true });
  });
});
