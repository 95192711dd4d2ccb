// Puts written pairs, raw lines and filler into a well-formed file of the language, and
// reports where each planted secret ended up.
import type { Language, Written } from './languages.js';

export type Entry =
  | { readonly written: Written; readonly secret?: { type: string; start: number; length: number } }
  | { readonly raw: string }
  | { readonly filler: string };

interface Layout {
  readonly head: string;
  readonly open: string;
  readonly close: string;
  /** Raw lines and filler: inside the member block or after it. */
  readonly rawIsMember: boolean;
  readonly fillerIsMember: boolean;
  readonly memberSeparator: string;
  readonly wrapRaw?: (lines: string) => string;
}

const LAYOUTS: Record<Language, Layout> = {
  ts: {
    head: "// Service configuration.\nimport { HttpError } from './errors.js';\nimport type { User } from './types.js';\n\nconst API_BASE = 'https://api.acme.io/v2';\n\n",
    open: 'export const settings = {\n',
    close: '\n};\n',
    rawIsMember: false,
    fillerIsMember: false,
    memberSeparator: '\n',
  },
  py: {
    head: '"""Service settings."""\nimport json\nimport os\nimport time\n\n',
    open: '',
    close: '',
    rawIsMember: false,
    fillerIsMember: false,
    memberSeparator: '\n',
  },
  go: {
    head: 'package config\n\nimport (\n\t"context"\n\t"encoding/json"\n\t"fmt"\n\t"net/http"\n\t"os"\n\t"strings"\n\t"time"\n)\n\n',
    open: 'var (\n',
    close: '\n)\n',
    rawIsMember: false,
    fillerIsMember: false,
    memberSeparator: '\n',
    wrapRaw: (lines) => `func loadEnv() {\n${lines}\n}`,
  },
  yaml: {
    head: '# deployment settings\nservice: acme-api\n',
    open: 'config:\n',
    close: '\n',
    rawIsMember: true,
    fillerIsMember: false,
    memberSeparator: '\n',
  },
  env: {
    head: '# environment for acme-api\n',
    open: '',
    close: '',
    rawIsMember: false,
    fillerIsMember: false,
    memberSeparator: '\n',
  },
  json: {
    head: '',
    open: '{\n',
    close: '\n}\n',
    rawIsMember: true,
    fillerIsMember: true,
    memberSeparator: ',\n',
  },
  sh: {
    head: '#!/usr/bin/env bash\nset -euo pipefail\n\n',
    open: '',
    close: '',
    rawIsMember: false,
    fillerIsMember: false,
    memberSeparator: '\n',
  },
  java: {
    head: 'package com.acme.config;\n\nimport java.time.Duration;\nimport java.util.Map;\n\n',
    open: 'public final class Settings {\n',
    close: '\n}\n',
    rawIsMember: true,
    fillerIsMember: true,
    memberSeparator: '\n',
  },
};

export function assembleFile(
  language: Language,
  entries: readonly Entry[],
): { content: string; secrets: { start: number; end: number; type: string }[] } {
  const layout = LAYOUTS[language];
  const members: Entry[] = [];
  const after: Entry[] = [];
  for (const entry of entries) {
    const isMember =
      'written' in entry
        ? entry.written.kind === 'member' || layout.open === ''
        : 'raw' in entry
          ? layout.rawIsMember
          : layout.fillerIsMember;
    (isMember ? members : after).push(entry);
  }
  let content = layout.head + layout.open;
  const secrets: { start: number; end: number; type: string }[] = [];
  const textOf = (entry: Entry): string => {
    if ('written' in entry)
      return language === 'json' ? entry.written.text.replace(/,$/, '') : entry.written.text;
    return 'raw' in entry ? entry.raw : entry.filler;
  };
  const append = (entry: Entry, separator: string): void => {
    if ('written' in entry && entry.secret) {
      const start = content.length + entry.secret.start;
      secrets.push({ start, end: start + entry.secret.length, type: entry.secret.type });
    }
    content += textOf(entry) + separator;
  };
  members.forEach((entry, i) =>
    append(entry, i === members.length - 1 ? '' : layout.memberSeparator),
  );
  content += layout.close + '\n';
  const raws = after.filter((entry) => 'raw' in entry).map(textOf);
  for (const entry of after) {
    if ('raw' in entry) continue;
    append(entry, '\n\n');
  }
  if (raws.length > 0)
    content += (layout.wrapRaw ? layout.wrapRaw(raws.join('\n')) : raws.join('\n')) + '\n';
  return { content, secrets };
}
