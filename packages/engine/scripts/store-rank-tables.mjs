// After the engine compiles: store the rank tables of the vocabularies it reads most, beside the
// compiled code, so that no run (not even the first) imports and indexes them (see
// src/io/stored-rank-tables.ts).
import { storeRankTables } from '../dist/io/stored-rank-tables.js';

for (const file of await storeRankTables()) console.log(`stored ${file}`);
