import { describe, it, expect } from 'vitest';
import type { RequestSummary } from './requests';
import {
  bankDebitRequestDescription,
  isRequestClosed,
  isBankDebitChangeInProgress,
  isRegistryChangeInProgress,
  isRequestSuccess,
  isShippingAddressChangeInProgress,
  requestPhaseLabel,
  requestStatusLabel,
  requestTypeLabel,
} from './requests';

const request = (
  requestType: string,
  createdDate: string,
  status: string,
  phaseCode: string | null = null,
): RequestSummary => ({ requestType, createdDate, status, phaseCode });

describe('isRegistryChangeInProgress', () => {
  it.each<[string, RequestSummary[], boolean]>([
    ['no requests', [], false],
    [
      'single open registry change',
      [request('Var_Anagrafica', '2026-11-01T10:00:00Z', 'Aperto', 'IR010')],
      true,
    ],
    [
      'single registry change in another phase',
      [request('Var_Anagrafica', '2026-11-01T10:00:00Z', 'Chiuso', 'IR020')],
      false,
    ],
    [
      'latest is open, listed first',
      [
        request('Var_Anagrafica', '2026-11-02T10:00:00Z', 'Aperto', 'IR010'),
        request('Var_Anagrafica', '2026-10-01T10:00:00Z', 'Chiuso', 'IR020'),
      ],
      true,
    ],
    [
      'older open one superseded by a later closed one',
      [
        request('Var_Anagrafica', '2026-10-01T10:00:00Z', 'Aperto', 'IR010'),
        request('Var_Anagrafica', '2026-11-02T10:00:00Z', 'Chiuso', 'IR020'),
      ],
      false,
    ],
    [
      'offsets compared as instants: 10:30+02:00 is before 09:00Z',
      [
        request('Var_Anagrafica', '2026-11-02T10:30:00+02:00', 'Chiuso', 'IR020'),
        request('Var_Anagrafica', '2026-11-02T09:00:00Z', 'Aperto', 'IR010'),
      ],
      true,
    ],
    [
      'other request types are ignored',
      [
        request('Var_Anagrafica', '2026-10-01T10:00:00Z', 'Aperto', 'IR010'),
        request('GestioneSDD', '2026-11-02T10:00:00Z', 'Chiuso', 'IR020'),
      ],
      true,
    ],
    ['IR010 on another type', [request('GestioneSDD', '2026-11-01T10:00:00Z', 'Aperto', 'IR010')], false],
  ])('%s → %s', (_, requests, expected) => {
    expect(isRegistryChangeInProgress(requests)).toBe(expected);
  });
});

describe('isBankDebitChangeInProgress', () => {
  const closed = request('GestioneSDD', '2026-11-01T10:00:00Z', 'Chiuso');
  const open = request('GestioneSDD', '2026-11-05T10:00:00Z', 'In lavorazione');

  it.each<[string, boolean, RequestSummary[], boolean]>([
    ['local flag alone', true, [], true],
    ['local flag beats a closed request', true, [closed], true],
    ['no flag, no requests', false, [], false],
    ['latest closed', false, [closed], false],
    ['latest still open', false, [closed, open], true],
    [
      'older open, latest closed',
      false,
      [request('GestioneSDD', '2026-10-01T10:00:00Z', 'Aperto'), closed],
      false,
    ],
    [
      'other types ignored',
      false,
      [closed, request('Var_Anagrafica', '2026-11-09T10:00:00Z', 'Aperto')],
      false,
    ],
  ])('%s → %s', (_, localFlag, requests, expected) => {
    expect(isBankDebitChangeInProgress(localFlag, requests)).toBe(expected);
  });
});

describe('isShippingAddressChangeInProgress', () => {
  const closed = request('ShippingAddress', '2026-11-01T10:00:00Z', 'Chiuso');
  const open = request('ShippingAddress', '2026-11-05T10:00:00Z', 'Aperto');

  it.each<[string, RequestSummary[], boolean]>([
    ['no requests', [], false],
    ['latest closed', [open, { ...closed, createdDate: '2026-11-06T10:00:00Z' }], false],
    ['latest open', [closed, open], true],
    [
      'an open bank-debit request is another matter',
      [request('GestioneSDD', '2026-11-09T10:00:00Z', 'Aperto')],
      false,
    ],
  ])('%s → %s', (_, requests, expected) => {
    expect(isShippingAddressChangeInProgress(requests)).toBe(expected);
  });
});

describe('isRequestSuccess', () => {
  it.each([
    [1, true],
    [482913, true],
    [0, false],
    [-1, false],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
  ])('%s → %s', (id, expected) => {
    expect(isRequestSuccess(id)).toBe(expected);
  });
});

describe('requests in Italian words', () => {
  it.each([
    ['Var_Anagrafica', 'Variazione dati anagrafici'],
    ['GestioneSDD', 'Domiciliazione bancaria'],
    ['ShippingAddress', 'Indirizzo di spedizione'],
    ['Rateizzazione', 'Rateizzazione'],
    ['Installments', 'Rateizzazione'],
    ['OpzioniFatturazione', 'Modalità di invio della bolletta'],
    ['Information', 'Richiesta di informazioni'],
    ['AttivazioneServizio', 'Attivazione servizio'],
    ['Sconosciuto', 'Altra richiesta'],
  ])('type %s is "%s"', (type, label) => expect(requestTypeLabel(type)).toBe(label));

  it.each([
    ['activate', 'Domiciliazione bancaria: attivazione'],
    ['change', 'Domiciliazione bancaria: cambio del conto'],
    ['revoke', 'Domiciliazione bancaria: revoca'],
  ] as const)('a bank-debit request to %s is described "%s"', (operation, description) =>
    expect(bankDebitRequestDescription(operation)).toBe(description),
  );

  it.each([
    ['Aperto', 'Aperta', false],
    ['InLavorazione', 'In lavorazione', false],
    ['Chiuso', 'Chiusa', true],
    ['Annullato', 'Annullata', true],
  ])('status %s is "%s", closed %s', (status, label, closed) => {
    expect(requestStatusLabel(status)).toBe(label);
    expect(isRequestClosed(status)).toBe(closed);
  });

  it.each([
    [null, 'Aperto', 'In attesa di presa in carico'],
    [null, 'InLavorazione', 'In lavorazione'],
    [null, 'Chiuso', 'Chiusa'],
    [null, 'Annullato', 'Annullata'],
    ['IR010', 'Aperto', 'Presa in carico'],
    ['IR090', 'Chiuso', 'Completata'],
    ['ZZ999', 'InLavorazione', 'In lavorazione'],
  ])('phase %s with status %s is "%s"', (phase, status, label) =>
    expect(requestPhaseLabel(phase, status)).toBe(label),
  );
});
