// Public API of @sportello/domain: pure business rules, free of I/O and of the current time
// (callers pass `now`/`today`).

export * from './constants';
export * from './iso-date';
export * from './rome-time';
export * from './money';
export * from './format';
export * from './text-validators';
export * from './password';
export * from './phone';
export * from './fiscal-code';
export * from './vat-number';
export * from './bank';
export * from './installments';
export * from './proposals';
export * from './links';
export * from './hourly-price';
export * from './requests';
export * from './notifications';
export * from './address-check';
export * from './civic-number';
export * from './italian-holidays';
export * from './tariff-bands';
export * from './bill';
export * from './meter-readings';
export * from './registration';
export * from './app-version';
