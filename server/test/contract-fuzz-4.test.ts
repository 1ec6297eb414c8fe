// Share 4 of 4 of the fuzz generated from the contract (contract-fuzz.ts): four files, so that Vitest
// runs the run's longest suite on four workers.
import { fuzzTheContract } from './contract-fuzz.js';

fuzzTheContract({ index: 3, of: 4 });
