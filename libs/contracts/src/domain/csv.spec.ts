import { describe, expect, it } from '@jest/globals';
import { parseCsv, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes fields holding commas, quotes or line breaks and guards spreadsheet formulas', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['x, y', 'say "hi"', '=SUM(A1)'],
          [1.5, null, -74],
        ],
      ),
    ).toBe('a,b,c\r\n"x, y","say ""hi""",\'=SUM(A1)\r\n1.5,,-74\r\n');
  });

  it('reads back what it writes, with the line each record starts on', () => {
    const text = toCsv(
      ['name', 'notes'],
      [
        ['Katz', 'two\nlines'],
        ['Lou, "the" place', ''],
      ],
    );
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['name', 'notes'] },
      { line: 2, fields: ['Katz', 'two\nlines'] },
      { line: 4, fields: ['Lou, "the" place', ''] },
    ]);
  });

  it('leaves blank lines out and takes a last line without a line break', () => {
    expect(parseCsv('a,b\n\n c , d')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: [' c ', ' d'] },
    ]);
  });
});
