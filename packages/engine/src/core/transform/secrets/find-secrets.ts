import { shannonEntropy } from './entropy.js';
import type { KeywordIndex } from './keyword-index.js';
import { hasExampleWords, isExampleValue, isNotAssignedSecret } from './placeholders.js';
import type { CompiledRule, Confidence, ScannedFile } from './secret-rule.js';

/** One credential found: the characters to replace, and the rule (type) that found them. */
export interface SecretFinding {
  readonly start: number;
  readonly end: number;
  readonly type: string;
  /** Rule priority: lower wins where findings overlap. */
  readonly priority: number;
  /** `low` when the value has the format but fails the format's own check (a checksum). */
  readonly confidence: Confidence;
}

/** Lines (by start offset) and the rules to run on each; multiline rules run on the whole text. */
interface Plan {
  readonly lines: Map<number, { end: number; rules: Set<CompiledRule> }>;
  readonly wholeText: Set<CompiledRule>;
}

function planScan(text: string, index: KeywordIndex): Plan {
  const plan: Plan = { lines: new Map(), wholeText: new Set() };
  let lineEnd = -1;
  let current: Set<CompiledRule> = new Set();
  index.scan(text, (end, rules) => {
    const at = end - 1;
    if (at >= lineEnd) {
      const lineStart = text.lastIndexOf('\n', at) + 1;
      const newline = text.indexOf('\n', at);
      lineEnd = newline === -1 ? text.length : newline;
      current = new Set();
      plan.lines.set(lineStart, { end: lineEnd, rules: current });
    }
    for (const rule of rules) {
      if (rule.multiline) plan.wholeText.add(rule);
      else current.add(rule);
    }
  });
  return plan;
}

/** The characters to replace: the last group that took part, else the whole match. */
function secretSpan(rule: CompiledRule, match: RegExpExecArray): [number, number] {
  const indices = match.indices;
  if (!rule.redactWholeMatch && indices) {
    for (let group = indices.length - 1; group >= 1; group--) {
      const span = indices[group];
      if (span) return span;
    }
  }
  return [match.index, match.index + match[0].length];
}

function isAccepted(
  rule: CompiledRule,
  secret: string,
  match: RegExpExecArray,
  file: ScannedFile,
): boolean {
  if (secret.length === 0) return false;
  const placeholders = rule.placeholders ?? 'format';
  if (placeholders === 'words' && hasExampleWords(secret)) return false;
  if ((placeholders === 'format' || placeholders === 'assignment') && isExampleValue(secret))
    return false;
  if (placeholders === 'assignment' && isNotAssignedSecret(secret)) return false;
  if (rule.minEntropy !== undefined && shannonEntropy(secret) < rule.minEntropy) return false;
  return rule.validate ? rule.validate(secret, match, file) : true;
}

function runRule(
  rule: CompiledRule,
  text: string,
  offset: number,
  out: SecretFinding[],
  vetoes: SecretFinding[],
  file: ScannedFile,
): void {
  const matcher = rule.matcher;
  matcher.lastIndex = 0;
  for (let match = matcher.exec(text); match !== null; match = matcher.exec(text)) {
    if (match[0].length === 0) {
      matcher.lastIndex++;
      continue;
    }
    const [start, end] = secretSpan(rule, match);
    const secret = text.slice(start, end);
    const finding: SecretFinding = {
      start: start + offset,
      end: end + offset,
      type: rule.id,
      priority: rule.index,
      confidence: rule.confidence?.(secret) ?? 'high',
    };
    if (isAccepted(rule, secret, match, file)) out.push(finding);
    // Only a rejected single-line match vetoes: a rejected block may span real findings.
    else if (rule.rejectionIsFinal !== false && !rule.multiline) vetoes.push(finding);
  }
}

/** `data:<mime>;base64,<payload>` ranges: embedded images and fonts hold no credentials. */
function dataUriRanges(text: string): [number, number][] {
  if (!text.includes(';base64,')) return [];
  const ranges: [number, number][] = [];
  const pattern = /data:[\w.+\-/]+;base64,[A-Za-z0-9+/=]+/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

/**
 * Keeps one finding per stretch of text: in priority order, a finding is kept unless it
 * overlaps one already kept, or a rejected match of a higher-priority rule (`vetoes`: a sample
 * JWT is not a generic token either). Returns them sorted by position.
 */
export function resolveOverlaps(
  findings: readonly SecretFinding[],
  vetoes: readonly SecretFinding[] = [],
): SecretFinding[] {
  const ordered = [...findings].sort((a, b) => a.priority - b.priority || a.start - b.start);
  const kept: SecretFinding[] = [];
  const overlaps = (a: SecretFinding, b: SecretFinding): boolean =>
    a.start < b.end && b.start < a.end;
  for (const finding of ordered) {
    if (kept.some((other) => overlaps(finding, other))) continue;
    if (vetoes.some((veto) => veto.priority < finding.priority && overlaps(finding, veto)))
      continue;
    kept.push(finding);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Every credential the rules find in `text`, non-overlapping, in order. */
export function findSecrets(
  text: string,
  index: KeywordIndex,
  file: ScannedFile = { configSyntax: false },
): SecretFinding[] {
  const plan = planScan(text, index);
  const found: SecretFinding[] = [];
  const vetoes: SecretFinding[] = [];
  for (const [start, line] of plan.lines) {
    const lineText = text.slice(start, line.end);
    for (const rule of line.rules) runRule(rule, lineText, start, found, vetoes, file);
  }
  for (const rule of plan.wholeText) runRule(rule, text, 0, found, vetoes, file);
  if (found.length === 0) return found;
  const blobs = dataUriRanges(text);
  const outsideBlobs = found.filter(
    (finding) => !blobs.some(([start, end]) => finding.start >= start && finding.end <= end),
  );
  return resolveOverlaps(outsideBlobs, vetoes);
}
