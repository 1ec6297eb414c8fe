import { describe, expect, it } from 'vitest';
import { parseDelimited } from './delimited.js';

describe('parseDelimited', () => {
  it('splits by the delimiter given, outside quotes, a quote doubled within them', () => {
    expect(parseDelimited('a,"b, c","say ""hi""",', ',')).toEqual([['a', 'b, c', 'say "hi"', '']]);
    expect(parseDelimited('a;b,c;"d;e"', ';')).toEqual([['a', 'b,c', 'd;e']]);
  });

  it('ends a record at a line break outside quotes (\\n, \\r\\n, \\r), not within them', () => {
    expect(parseDelimited('h1;"h\n2"\r\nx;y\rz;w\n', ';')).toEqual([
      ['h1', 'h\n2'],
      ['x', 'y'],
      ['z', 'w'],
      [''],
    ]);
  });
});
