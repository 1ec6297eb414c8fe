// Practices list every kind of request the portal makes, whichever module records it.
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import { BIC, HOLDER_FISCAL_CODE, IBAN, useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';

/** A write-us request of the customer on one of its contracts. */
const information = {
  customerKey: 'CUS-MARIO',
  contractKey: 'CTR-1',
  subject: 'bolletta',
  description: 'Non ho ricevuto la bolletta di marzo.',
  mobilephone: '333 123 4567',
  company: 'sga',
};

describe.each(databaseKinds)('practices on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  it('practices list every kind of request the portal makes', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const ok = async (path: string, body: object) => {
      const res = await call(ctx.app, 'POST', `${ERP}/${path}`, { sessionId: mario, body, ip: '10.9.5.1' });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    };
    await ok('requests/shippingAddress', {
      contractKey: 'CTR-1',
      shippingAddress: {
        streetName: 'Via Garibaldi',
        civicNumber: '1',
        city: 'Roma',
        province: 'RM',
        postalCode: '00153',
      },
    });
    await ok('requests/bankAccountChange', {
      contractKey: 'CTR-1',
      operation: 'activate',
      iban: IBAN,
      bic: BIC,
      holderName: 'Mario Rossi',
      holderFiscalCode: HOLDER_FISCAL_CODE,
    });
    await ok('requests/installments', { invoiceId: 'INV-10', contractKey: 'CTR-1' });
    await ok('requests/billingOptions', { contractKey: 'CTR-4', delivery: 'paper' });
    await ok('requests/serviceActivation', { serviceIndex: 5, supplyKey: 'SUP-110' });
    await ok('requests/information', information);
    const res = await call(ctx.app, 'GET', `${ERP}/requests?customerKey=CUS-MARIO`, { sessionId: mario });
    const types = new Set((res.json().data.requests as { requestType: string }[]).map((r) => r.requestType));
    expect([...types].sort()).toEqual(
      [
        'AttivazioneServizio',
        'GestioneSDD',
        'Information',
        'OpzioniFatturazione',
        'Rateizzazione',
        'ShippingAddress',
        'Var_Anagrafica',
      ].sort(),
    );
  });
});
