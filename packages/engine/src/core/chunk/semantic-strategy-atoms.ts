import type { OutlineNode } from '../syntax/outline.js';
import { at, lineAt } from './line-index.js';

/**
 * A run of a file the semantic strategy keeps whole when it fits: syntax nodes that share lines
 * (the core), with the loose lines around them (blank lines, comments) attached. Atoms of one
 * level cover their range without gaps, so cuts between them are lossless by construction.
 */
export interface Atom {
  readonly start: number;
  readonly end: number;
  /** The nodes of the core, in order; empty for loose lines only. */
  readonly nodes: readonly OutlineNode[];
  readonly coreStart: number;
  readonly coreEnd: number;
}

/** What atoms need to know of a file. */
export interface AtomFile {
  readonly content: string;
  readonly starts: Uint32Array;
}

/** Comments are loose text: they go with the code they precede, never stand alone. */
function isComment(node: OutlineNode): boolean {
  return node.kind.includes('comment');
}

interface Cluster {
  readonly nodes: OutlineNode[];
  first: number;
  last: number;
}

/**
 * The atoms of `[start, end)` around `nodes` (sorted, inside the range). Nodes whose lines touch
 * form one core, since no line-end cut separates them. Loose lines between two cores go to the
 * earlier one while blank, then to the later one (a comment introduces what follows it).
 */
export function atomize(
  file: AtomFile,
  start: number,
  end: number,
  nodes: readonly OutlineNode[],
): Atom[] {
  const clusters = clusterNodes(file, start, end, nodes);
  if (clusters.length === 0) return [loose(start, end)];
  const { starts } = file;
  const cores = clusters.map((cluster) => ({
    nodes: cluster.nodes,
    coreStart: Math.max(start, at(starts, cluster.first)),
    coreEnd: Math.min(end, at(starts, cluster.last + 1)),
  }));
  const atoms: Atom[] = [];
  let from = start;
  cores.forEach((core, index) => {
    const next = cores[index + 1];
    const to = next ? splitGap(file, core.coreEnd, next.coreStart) : end;
    atoms.push({ ...core, start: from, end: to });
    from = to;
  });
  return atoms;
}

function clusterNodes(
  file: AtomFile,
  start: number,
  end: number,
  nodes: readonly OutlineNode[],
): Cluster[] {
  const clusters: Cluster[] = [];
  let reached = start;
  for (const node of nodes) {
    // Nodes reaching past the range (a re-planned slice of a file) count with their part inside it;
    // empty nodes, nodes outside it and nodes overlapping the previous one are looked past.
    const from = Math.max(node.start, start);
    const to = Math.min(node.end, end);
    if (to <= from || from < reached || isComment(node)) continue;
    reached = to;
    const first = lineAt(file.starts, from);
    const last = lineAt(file.starts, to - 1);
    const open = clusters.at(-1);
    if (open && first <= open.last) {
      open.nodes.push(node);
      open.last = Math.max(open.last, last);
    } else {
      clusters.push({ nodes: [node], first, last });
    }
  }
  return clusters;
}

/** Where loose lines between two cores are divided: after the blank lines that follow the first. */
function splitGap(file: AtomFile, from: number, to: number): number {
  const { content, starts } = file;
  let line = lineAt(starts, from);
  let offset = from;
  while (offset < to) {
    const next = Math.min(at(starts, line + 1), to);
    if (content.slice(offset, next).trim() !== '') return offset;
    offset = next;
    line++;
  }
  return to;
}

function loose(start: number, end: number): Atom {
  return { start, end, nodes: [], coreStart: start, coreEnd: start };
}

/**
 * The next level of an atom too big for a chunk, or undefined when only line cuts are left:
 * 1. loose lines come off the core;
 * 2. a core's nodes that do not fit alone are replaced by their children (a node without children
 *    leaves its lines loose), and the core's range is atomized again;
 * 3. a core of nodes that all fit but share lines is cut between them, inside the shared line;
 *    a lone node that fits but not with the rest of its lines (one longer than a chunk, which
 *    it starts or ends inside) is cut out at its own start and end.
 */
export function splitAtom(
  file: AtomFile,
  atom: Atom,
  fitsAlone: (node: OutlineNode) => boolean,
): Atom[] | undefined {
  if (atom.nodes.length === 0) return undefined;
  if (atom.start < atom.coreStart || atom.coreEnd < atom.end) {
    const parts: Atom[] = [];
    if (atom.start < atom.coreStart) parts.push(loose(atom.start, atom.coreStart));
    parts.push({ ...atom, start: atom.coreStart, end: atom.coreEnd });
    if (atom.coreEnd < atom.end) parts.push(loose(atom.coreEnd, atom.end));
    return parts;
  }
  let changed = false;
  const inner: OutlineNode[] = [];
  for (const node of atom.nodes) {
    if (fitsAlone(node)) {
      inner.push(node);
    } else {
      changed = true;
      inner.push(...node.children);
    }
  }
  if (changed) return atomize(file, atom.start, atom.end, inner);
  if (atom.nodes.length < 2) return aroundNode(atom);
  return atom.nodes.map((node, index) => {
    const start = index === 0 ? atom.start : node.start;
    const next = atom.nodes[index + 1];
    const end = next ? next.start : atom.end;
    return { start, end, nodes: [node], coreStart: start, coreEnd: end };
  });
}

/** The lone node of an atom, and the text before and after it as loose atoms; undefined if none. */
function aroundNode(atom: Atom): Atom[] | undefined {
  const node = atom.nodes[0];
  if (!node) return undefined;
  const start = Math.max(node.start, atom.start);
  const end = Math.min(node.end, atom.end);
  if (end <= start || (start === atom.start && end === atom.end)) return undefined;
  const parts: Atom[] = [];
  if (atom.start < start) parts.push(loose(atom.start, start));
  parts.push({ start, end, nodes: [node], coreStart: start, coreEnd: end });
  if (end < atom.end) parts.push(loose(end, atom.end));
  return parts;
}
