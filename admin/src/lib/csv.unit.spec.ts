import { describe, expect, it } from 'vitest';
import { csvCell, csvEuros, csvFileName, toCsv } from './csv';

describe('the CSV writer of the back-office exports', () => {
  it('defuses every cell a spreadsheet would read as a formula with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('leaves other cells as they are, quoting those with a separator, a quote or a line break', () => {
    expect(csvCell('Alice Martin')).toBe('Alice Martin');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Martin, Alice')).toBe('"Martin, Alice"');
    expect(csvCell('Dupont; fils')).toBe('"Dupont; fils"');
    expect(csvCell('le « vrai » "nom"')).toBe('"le « vrai » ""nom"""');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(true)).toBe('true');
  });

  it('writes amounts in euros with two decimals and a point', () => {
    expect(csvEuros(1299)).toBe('12.99');
    expect(csvEuros(1000)).toBe('10.00');
    expect(csvEuros(5)).toBe('0.05');
    expect(csvEuros(0)).toBe('0.00');
    expect(csvEuros(null)).toBeNull();
  });

  it('writes a heading line then a line per row, CRLF between lines', () => {
    const csv = toCsv(
      [
        { header: 'name', value: (row: { name: string; cents: number }) => row.name },
        { header: 'totalEuros', value: (row: { name: string; cents: number }) => csvEuros(row.cents) },
      ],
      [
        { name: 'Alice', cents: 1299 },
        { name: '=cmd|" /C calc"!A0', cents: 500 },
      ],
    );
    expect(csv).toBe(`name,totalEuros\r\nAlice,12.99\r\n"'=cmd|"" /C calc""!A0",5.00`);
  });

  it("names a file after the list in the operator's language and the day", () => {
    const day = new Date(2026, 10, 26, 9, 30);
    expect(csvFileName('users', 'fr', day)).toBe('utilisateurs-2026-11-26');
    expect(csvFileName('subscriptions', 'fr', day)).toBe('abonnements-2026-11-26');
    expect(csvFileName('users', 'en', day)).toBe('users-2026-11-26');
    expect(csvFileName('subscriptions', 'en', day)).toBe('subscriptions-2026-11-26');
  });
});
