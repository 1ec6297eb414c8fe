export * from './companies.js';
export * from './customers.js';
export * from './core.js';
export * from './supply.js';
export * from './billing.js';
export * from './crm.js';
export * from './market.js';
export * from './address.js';
