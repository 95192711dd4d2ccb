/**
 * The pinned corpora. Real published code from the npm registry, exact versions so that figures
 * from different days compare. Sizes below are after pruning (see prune-rules.ts), measured on
 * 2026-11-22; `npm run bench -- --only corpora` prints the current ones.
 */
export const CORPUS_NAMES = ['small', 'medium', 'large', 'npm18', 'notebooks'] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];
/** What `npm run bench` packs when no --corpus is given (the others serve bench/second-run.ts). */
export const DEFAULT_CORPORA: readonly CorpusName[] = ['small', 'medium', 'large'];

export interface CorpusSpec {
  readonly name: CorpusName;
  /** `name@exact-version`, unpacked each into `<corpus>/<name>/`. */
  readonly packages: readonly string[];
  /**
   * Unpack the packages this many times, into `<corpus>/copy-N/<name>/` (default once, without
   * the copy folder): a corpus of a kind of file few packages ship grows to a realistic size.
   */
  readonly copies?: number;
}

const LODASH_ES = 'lodash-es@4.17.21';
const RXJS = 'rxjs@7.8.2';
const TYPESCRIPT = 'typescript@5.9.3';
const LODASH = 'lodash@4.17.21';

export const CORPUS_SPECS: Readonly<Record<CorpusName, CorpusSpec>> = {
  // ~1.5 MB, ~900 files: many small ES modules.
  small: { name: 'small', packages: [LODASH_ES, RXJS] },
  // ~11 MB, ~1,400 files: the TypeScript compiler's lib (two files over the 5 MB cap) plus CJS lodash.
  medium: { name: 'medium', packages: [TYPESCRIPT, RXJS, LODASH] },
  // >10,000 files, >100 MB: API models and declarations (aws-sdk v2), thousands of tiny modules
  // (date-fns), a 3D engine with its examples (three), Angular's core bundles.
  large: {
    name: 'large',
    packages: [
      LODASH_ES,
      RXJS,
      TYPESCRIPT,
      LODASH,
      'aws-sdk@2.1692.0',
      'date-fns@2.30.0',
      'three@0.170.0',
      '@angular/core@19.2.14',
    ],
  },
  // The 18 packages of the second-run comparison with repomix 1.18.1: 13,979 files, 209 MB.
  npm18: {
    name: 'npm18',
    packages: [
      'express@4.21.2',
      'lodash@4.17.21',
      'rxjs@7.8.1',
      'typescript@5.6.3',
      '@babel/core@7.26.0',
      '@babel/parser@7.26.3',
      '@babel/traverse@7.26.4',
      '@babel/types@7.26.3',
      'react-dom@18.3.1',
      'three@0.170.0',
      'eslint@9.17.0',
      'webpack@5.97.1',
      'prettier@3.4.2',
      '@angular/core@19.0.5',
      'date-fns@4.1.0',
      'ramda@0.30.1',
      'moment@2.30.1',
      'echarts@5.5.1',
    ],
  },
  // Real Jupyter notebooks: the 15 that @nteract/examples ships (Python, R and Node kernels, with
  // outputs: tables, plots, Vega and GeoJSON), unpacked 9 times for 135 notebooks.
  notebooks: { name: 'notebooks', packages: ['@nteract/examples@3.2.0'], copies: 9 },
};

/** `@angular/core@19.2.14` -> `{ name: '@angular/core', version: '19.2.14' }`. */
export function splitPackageSpec(spec: string): { name: string; version: string } {
  const at = spec.lastIndexOf('@');
  if (at <= 0) throw new Error(`package spec needs an exact version: ${spec}`);
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** The file name `npm pack` gives a package's tarball. */
export function tarballFileName(spec: string): string {
  const { name, version } = splitPackageSpec(spec);
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}
