import { writeFile } from 'node:fs/promises';
import { EngineError } from '../errors.js';

/** The schema's place in the installed package, for editors that follow `$schema`. */
const SCHEMA_PATH = './node_modules/@repobundle/engine/schema/repobundle.config.schema.json';

/**
 * A starter `repobundle.config.json`: every common key at its default, each with a comment
 * (JSON with comments, which `repobundle pack` and editors read).
 */
export const STARTER_CONFIG = `{
  // Options for \`repobundle pack\`; flags on the command line win over this file.
  "$schema": "${SCHEMA_PATH}",
  // md, txt, json, xml, csv, yaml or custom (custom needs "templateFile").
  "outputFormat": "md",
  // fixed, file_based, semantic or auto.
  "chunkingStrategy": "fixed",
  // 32000, 64000, 128000, 256000, 512000, 1000000 or 2000000 tokens per chunk.
  "tokenLimit": 128000,
  // o200k_base (GPT-4o and later) or cl100k_base (GPT-4).
  "encoding": "o200k_base",
  "removeComments": false,
  // Signatures only: function bodies become placeholders, imports and types stay.
  "compress": false,
  "removeBlankLines": false,
  "showLineNumbers": false,
  // Replace credentials with [REDACTED:type]; likely secrets are reported either way.
  "redactSecrets": false,
  "respectGitignore": true,
  // gitignore syntax, e.g. ["src/**", "*.md"].
  "includePatterns": [],
  "excludePatterns": ["**/*.test.ts"],
  // Where to write: a folder for overview and chunks ("-" for stdout).
  "output": "bundle",
  // How many of the largest files to list after packing.
  "topFiles": 5
}
`;

/** Writes the starter config; an existing file is kept unless `force`. */
export async function writeStarterConfig(file: string, force: boolean): Promise<string> {
  try {
    await writeFile(file, STARTER_CONFIG, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new EngineError(
        'OUTPUT_UNWRITABLE',
        `${file} already exists; add --force to replace it.`,
      );
    }
    throw new EngineError('OUTPUT_UNWRITABLE', `Cannot write ${file}: ${code ?? String(error)}.`);
  }
  return file;
}
