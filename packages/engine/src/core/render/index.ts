import type { OutputFormat } from '../../config/options.js';
import { EngineError } from '../../errors.js';
import { createCsvRenderer } from './csv-renderer.js';
import { createCustomRenderer } from './custom-renderer.js';
import { createJsonRenderer } from './json-renderer.js';
import { createMarkdownRenderer } from './markdown-renderer.js';
import type { FormatRenderer } from './renderer.js';
import { createTextRenderer } from './text-renderer.js';
import { createXmlRenderer } from './xml-renderer.js';
import { createYamlRenderer } from './yaml-renderer.js';

export type { ChunkRenderContext, FormatRenderer, Overview } from './renderer.js';
export { LEVEL_TAGS, levelTagLegend, renderTree } from './tree.js';

/**
 * The renderer of one output format. Call once per job: for `custom` this compiles the template
 * (INVALID_TEMPLATE when it is missing or does not compile).
 */
export function getRenderer(
  format: OutputFormat,
  options: { template?: string } = {},
): FormatRenderer {
  switch (format) {
    case 'md':
      return createMarkdownRenderer();
    case 'txt':
      return createTextRenderer();
    case 'json':
      return createJsonRenderer();
    case 'xml':
      return createXmlRenderer();
    case 'csv':
      return createCsvRenderer();
    case 'yaml':
      return createYamlRenderer();
    case 'custom':
      if (!options.template) {
        throw new EngineError('INVALID_TEMPLATE', 'The custom output format needs a template.');
      }
      return createCustomRenderer(options.template);
  }
}

/** Whether a format writes file content escaped (json, xml, yaml, csv) rather than verbatim. */
export function escapesContent(format: OutputFormat): boolean {
  return format !== 'custom' && !getRenderer(format).embedsVerbatim;
}
