// Calls the catalogue and activation tests share: the customer's catalogue, one service's state on a
// supply, and an activation.
import { expect } from 'vitest';
import { call, type TestContext } from '../../../test/app.js';

export const ERP = 'portalapi/Erp/v1';

export interface ServiceDto {
  index: number;
  code: string;
  supplies: { supplyKey: string; state: string; email: string | null }[];
}

export function catalogueCalls(ctx: TestContext) {
  const services = async (sessionId: string) => {
    const res = await call(ctx.app, 'GET', `${ERP}/services?customerKey=CUS-MARIO`, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.services as ServiceDto[];
  };
  const stateOf = (list: ServiceDto[], code: string, supplyKey: string) =>
    list.find((s) => s.code === code)?.supplies.find((s) => s.supplyKey === supplyKey);
  const activate = (sessionId: string, serviceIndex: number, supplyKey: string) =>
    call(ctx.app, 'POST', `${ERP}/requests/serviceActivation`, {
      sessionId,
      body: { serviceIndex, supplyKey },
    });

  return { services, stateOf, activate };
}
