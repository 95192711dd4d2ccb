import fc from 'fast-check';

// Property tests replay one seed, so a test run's outcome is a function of the code: a seed that
// finds a defect fails the change that brought it, not a later, unrelated one. `FC_SEED=<n>`
// replays another seed, `FC_SEED=random` explores new inputs on every run (see README).
const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed === undefined ? 20_261_128 : Number(seed) });
