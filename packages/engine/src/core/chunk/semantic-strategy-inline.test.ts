import { describe, expect, it } from 'vitest';
import type { OutlineNode } from '../syntax/outline.js';
import { boundaryBefore } from './semantic-strategy-inline.js';

const node = (start: number, end: number, children: OutlineNode[] = []): OutlineNode => ({
  start,
  end,
  kind: 'n',
  children,
});

// One long line: [0, 100) holding [0, 40), a gap, [45, 100) holding [45, 60) and [60, 100),
// the last holding [60, 70) [70, 80) [80, 100).
const deep = node(60, 100, [node(60, 70), node(70, 80), node(80, 100)]);
const outer = node(45, 100, [node(45, 60), deep]);
const nodes = [node(0, 100, [node(0, 40), outer])];
const never = () => false;

describe('boundaryBefore', () => {
  it('cuts after the last node before the limit when the limit falls between nodes', () => {
    expect(boundaryBefore(nodes, 0, 42, true, never)).toBe(40);
    expect(boundaryBefore(nodes, 0, 70, true, never)).toBe(70);
    expect(boundaryBefore(nodes, 0, 100, true, never)).toBe(100);
  });

  it('cuts before a node when the limit falls in its text before its first child', () => {
    const header = [node(0, 10), node(10, 50, [node(20, 30), node(30, 50)])];
    expect(boundaryBefore(header, 0, 15, true, never)).toBe(10);
    expect(boundaryBefore(header, 12, 15, true, never)).toBeUndefined();
  });

  it('descends into nodes too large for a chunk and cuts before the leaf holding the limit', () => {
    expect(boundaryBefore(nodes, 0, 75, true, never)).toBe(70);
    expect(boundaryBefore(nodes, 0, 90, true, never)).toBe(80);
    expect(boundaryBefore(nodes, 0, 50, true, never)).toBe(45);
  });

  it('keeps a node that fits a chunk whole: the cut goes before it', () => {
    const fits = (candidate: OutlineNode) => candidate === outer;
    expect(boundaryBefore(nodes, 0, 90, true, fits)).toBe(45);
    expect(boundaryBefore(nodes, 50, 90, true, fits)).toBe(80);
  });

  it('finds nothing when no boundary lies after the start', () => {
    // Inside the leaf [80, 100) from 85: only a cut inside it would do.
    expect(boundaryBefore(nodes, 85, 95, true, never)).toBeUndefined();
    expect(boundaryBefore(nodes, 10, 30, true, never)).toBeUndefined();
    expect(boundaryBefore(nodes, 30, 30, true, never)).toBeUndefined();
  });

  it('takes a fitting node at the start whole in a fresh chunk, and leaves it to the next otherwise', () => {
    const fits = (candidate: OutlineNode) => candidate === deep;
    expect(boundaryBefore(nodes, 60, 90, true, fits)).toBe(100);
    expect(boundaryBefore(nodes, 60, 90, false, fits)).toBeUndefined();
  });

  it('cuts between top-level nodes', () => {
    const top = [node(0, 10), node(10, 20), node(25, 30)];
    expect(boundaryBefore(top, 0, 15, true, never)).toBe(10);
    expect(boundaryBefore(top, 0, 22, true, never)).toBe(20);
    expect(boundaryBefore(top, 12, 15, true, never)).toBeUndefined();
  });
});
