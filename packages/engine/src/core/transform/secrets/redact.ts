import type { SecretFinding } from './find-secrets.js';

export function markerFor(type: string): string {
  return `[REDACTED:${type}]`;
}

/** Replaces each finding's characters by its marker; everything else is kept byte for byte. */
export function applyRedactions(text: string, findings: readonly SecretFinding[]): string {
  if (findings.length === 0) return text;
  const parts: string[] = [];
  let position = 0;
  for (const finding of findings) {
    parts.push(text.slice(position, finding.start), markerFor(finding.type));
    position = finding.end;
  }
  parts.push(text.slice(position));
  return parts.join('');
}
