// How wiring.ts wires modules: needs first, each service once, and a wrong list refused at start.
import { describe, expect, it } from 'vitest';
import { defineModule, makeServices, type AnyModule, type Platform } from './module.js';

const platform = {} as Platform;
const noRoutes = () => undefined;

describe('makeServices', () => {
  it('makes each service once, after the services it needs, whatever the list order', () => {
    const order: string[] = [];
    const base = defineModule({
      name: 'base',
      purpose: 'a test',
      needs: {},
      createService: () => (order.push('base'), { value: 2 }),
      routes: noRoutes,
    });
    const middle = defineModule({
      name: 'middle',
      purpose: 'a test',
      needs: { base },
      createService: (_platform, needs) => (order.push('middle'), { double: () => needs.base.value * 2 }),
      routes: noRoutes,
    });
    const top = defineModule({
      name: 'top',
      purpose: 'a test',
      needs: { base, middle },
      createService: (_platform, needs) => (order.push('top'), needs.middle.double() + needs.base.value),
      routes: noRoutes,
    });

    const made = makeServices([top, middle, base], platform);

    expect(order).toEqual(['base', 'middle', 'top']);
    expect(made.get(top)).toBe(6);
  });

  it('hands each module the platform', () => {
    const reader = defineModule({
      name: 'reader',
      purpose: 'a test',
      needs: {},
      createService: (given) => given,
      routes: noRoutes,
    });
    expect(makeServices([reader], platform).get(reader)).toBe(platform);
  });

  it('refuses a needed module the list leaves out', () => {
    const hidden = defineModule({
      name: 'hidden',
      purpose: 'a test',
      needs: {},
      createService: () => 1,
      routes: noRoutes,
    });
    const user = defineModule({
      name: 'user',
      purpose: 'a test',
      needs: { hidden },
      createService: () => 2,
      routes: noRoutes,
    });
    expect(() => makeServices([user], platform)).toThrow('user needs hidden, which is not listed');
  });

  it('refuses modules that need each other', () => {
    const a: AnyModule & { needs: Record<string, AnyModule> } = {
      name: 'a',
      purpose: 'a test',
      needs: {},
      createService: () => 1,
      routes: noRoutes,
    };
    const b = defineModule({
      name: 'b',
      purpose: 'a test',
      needs: { a },
      createService: () => 2,
      routes: noRoutes,
    });
    a.needs.b = b;
    expect(() => makeServices([a, b], platform)).toThrow('modules need each other: a → b → a');
  });

  it('refuses two modules of one name', () => {
    const one = defineModule({
      name: 'same',
      purpose: 'a test',
      needs: {},
      createService: () => 1,
      routes: noRoutes,
    });
    const two = defineModule({
      name: 'same',
      purpose: 'a test',
      needs: {},
      createService: () => 2,
      routes: noRoutes,
    });
    expect(() => makeServices([one, two], platform)).toThrow('two listed modules share a name');
  });
});
