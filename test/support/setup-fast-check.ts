// A vitest setup file (both configs): every fast-check property without a seed of its own runs from SEED.
// fc.assert's failure message then names that seed and the path of the counterexample
// (`{ seed: 20261122, path: "6:1:0", endOnFailure: true }`): `fc.assert(property, { seed, path })` replays it.
import fc from 'fast-check';
import { SEED } from './fast-check-seed';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: SEED });
