import { describe, expect, it } from 'vitest';
import { csvCell, csvPhone, decimalComma, financeCsv } from './csv';

describe('the finance CSV', () => {
  it('writes money with a decimal comma and no grouping, to the kopeck', () => {
    expect([decimalComma(0), decimalComma(1234.5), decimalComma(0.07), decimalComma(100000), decimalComma(19.99)]).toEqual(['0,00', '1234,50', '0,07', '100000,00', '19,99']);
  });

  it('quotes a cell with a separator, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Анна')).toBe('Анна');
    expect(csvCell('Анна; Пётр')).toBe('"Анна; Пётр"');
    expect(csvCell('ООО "Ромашка"')).toBe('"ООО ""Ромашка"""');
    expect(csvCell('две\nстроки')).toBe('"две\nстроки"');
  });

  it('makes text a spreadsheet would run as a formula inert, and leaves numbers be', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+7 (913) 555')).toBe("'+7 (913) 555");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('-12,50')).toBe('-12,50');
  });

  it('writes a Russian phone the domestic way, which a spreadsheet keeps as text', () => {
    expect(csvPhone('79135550011')).toBe('8 (913) 555-00-11');
    expect(csvPhone('+79135550011')).toBe('8 (913) 555-00-11');
    // Another country's keeps its +, which the cell then makes inert.
    expect(csvCell(csvPhone('380501234567'))).toBe("'+38 (050) 123-45-67");
  });

  it('is a BOM and the header line when there are no rows', () => {
    expect(financeCsv([])).toBe('\uFEFFСоздан;Вид;Бронь;Клиент;Телефон;Студия;Сумма, ₽;Назначение;Способ;ID у провайдера;Статус;Изменён;История статусов\r\n');
  });
});
