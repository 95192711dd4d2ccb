import { MODELS, toModelRow } from '@repobundle/contract/models';

const number = new Intl.NumberFormat('en-US');

/**
 * `repobundle models`: every model --model accepts with its tokenizer, context window and whether
 * counts for it are exact or an estimate (with the estimate's error band).
 */
export function formatModels(json: boolean): string {
  const rows = MODELS.map(toModelRow);
  if (json) return JSON.stringify({ models: rows }, null, 2);
  const table = [
    ['id', 'name', 'tokenizer', 'context window', 'count'],
    ...rows.map((row) => [
      row.id,
      row.name,
      row.tokenizer,
      number.format(row.context_window),
      row.exact ? 'exact' : `estimated, +/-${Math.round((row.error_band ?? 0) * 100)}%`,
    ]),
  ];
  const widths = table[0]!.map((_, column) =>
    Math.max(...table.map((cells) => cells[column]!.length)),
  );
  return table
    .map((cells) =>
      cells
        .map((cell, column) =>
          column === 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
