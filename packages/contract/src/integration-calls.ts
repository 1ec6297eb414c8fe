// Every call of the integration API (ADR 036), for its own OpenAPI document and the machine access suite.
import type { Call } from './call.js';
import * as integration from './calls/integration.js';

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

export const integrationCalls: readonly Call[] = [integration]
  .flatMap((group): unknown[] => Object.values(group))
  .filter(isCall);
