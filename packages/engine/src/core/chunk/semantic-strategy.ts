import type { ChunkingStrategyName } from '../../config/options.js';
import type { OutlineNode } from '../syntax/outline.js';
import type { ProcessedFile } from '../types.js';
import { at, lineAt } from './line-index.js';
import type { Atom } from './semantic-strategy-atoms.js';
import { atomize, splitAtom } from './semantic-strategy-atoms.js';
import { ChunkPacker } from './semantic-strategy-packer.js';
import type { ChunkStrategy } from './strategy.js';

/**
 * Chunks cut at syntax boundaries (the cAST approach; docs/adr/0003-semantic-chunking.md). Files
 * are packed whole in order while they fit, like `file_based`. A file larger than a chunk is
 * walked along its outline: a node that fits is kept whole, one that does not is split into its
 * children, recursively, and adjacent small siblings are merged greedily until the budget is
 * reached; only a node with no children left to split on is cut at line ends. A line longer than
 * a chunk (minified code, one-line JSON) is cut inside between its nodes the same way
 * (boundaryBefore), and at a token boundary only where no node boundary fits. A file without an
 * outline is cut at line ends exactly as `file_based` cuts it.
 *
 * `outlineOf` decides per file which outline to follow (semantic: any; auto: error-free ones).
 */
export function createSyntaxStrategy(
  name: ChunkingStrategyName,
  outlineOf: (file: ProcessedFile) => readonly OutlineNode[] | undefined,
): ChunkStrategy {
  return {
    name,
    plan(files, cost) {
      const packer = new ChunkPacker(files, cost);
      files.forEach((file, index) => {
        const outline = outlineOf(file);
        const nodes = outline && outline.length > 0 ? outline : undefined;
        packer.startFile(index, nodes);
        const whole = packer.wholeCost;
        if (whole <= packer.room) {
          packer.addWhole();
          return;
        }
        if (whole <= packer.budget || nodes === undefined) packer.cut();
        if (whole <= packer.budget) {
          packer.addWhole();
          return;
        }
        if (nodes === undefined) {
          packer.packLines(file.content.length);
        } else {
          // The file's first atoms may still fill the open chunk: cuts there fall between nodes.
          const geometry = { content: file.content, starts: packer.lineStarts };
          packAtoms(packer, atomize(geometry, 0, file.content.length, nodes));
        }
        packer.closePiece();
      });
      return packer.finish();
    },
  };
}

/** Every atom whole where it fits the open chunk, else in a new chunk, else split further. */
function packAtoms(packer: ChunkPacker, atoms: readonly Atom[]): void {
  const file = { content: packer.current.content, starts: packer.lineStarts };
  for (const atom of atoms) {
    if (packer.fits(atom.end)) {
      packer.extendTo(atom.end);
    } else if (packer.fitsFresh(atom.start, atom.end)) {
      packer.cut();
      packer.extendTo(atom.end);
    } else {
      const parts = splitAtom(file, atom, (node) => fitsAlone(packer, node));
      if (parts) packAtoms(packer, parts);
      else packer.packLines(atom.end);
    }
  }
}

/**
 * Whether an atom's node is kept whole (packer.fitsAlone). A node inside one line longer than a
 * chunk is not: atoms are cut at line ends, so that line goes to packLines, which cuts it between
 * its nodes and keeps those that fit whole there.
 */
function fitsAlone(packer: ChunkPacker, node: OutlineNode): boolean {
  const starts = packer.lineStarts;
  const line = lineAt(starts, Math.max(node.start, 0));
  const length = packer.current.content.length;
  const inside = line < starts.length - 1 && Math.min(node.end, length) <= at(starts, line + 1);
  if (inside && packer.isLongLine(line)) return false;
  return packer.fitsAlone(node);
}

/** Files with an outline follow it, parse errors or not; the others are cut at line ends. */
export const semanticStrategy = createSyntaxStrategy('semantic', (file) => file.outline?.nodes);
