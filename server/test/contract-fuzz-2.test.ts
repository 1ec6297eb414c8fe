// Share 2 of 4 of the fuzz generated from the contract (contract-fuzz.ts): four files, so that Vitest
// runs the run's longest suite on four workers.
import { fuzzTheContract } from './contract-fuzz.js';

fuzzTheContract({ index: 1, of: 4 });
