// Writes the JSON Schema of repobundle.config.json, generated from the CLI's config schema.
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../src/cli/config-file.js';

const target = new URL('../schema/repobundle.config.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
