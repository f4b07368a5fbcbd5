import { FINANCE_KIND_LABELS, FINANCE_PURPOSE_LABELS, FINANCE_STATUS_LABELS, financeDateTime, financeMethodLabel, phoneText, STUDIO_NAMES, type FinanceRow } from '@studio/domain';

/** Excel and LibreOffice in a Russian locale read `;` as the separator, a comma as the decimal mark, and UTF-8 only after a BOM. */
const BOM = '\uFEFF';
const SEPARATOR = ';';

const FINANCE_CSV_HEADERS = ['Создан', 'Вид', 'Бронь', 'Клиент', 'Телефон', 'Студия', 'Сумма, ₽', 'Назначение', 'Способ', 'ID у провайдера', 'Статус', 'Изменён', 'История статусов'] as const;

/** Roubles with a decimal comma and no grouping, so the cell stays a number: 1234,50. */
export function decimalComma(roubles: number): string {
  const kopecks = Math.round(roubles * 100);
  const sign = kopecks < 0 ? '-' : '';
  const whole = Math.abs(kopecks);
  return `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/**
 * A cell as RFC 4180 quotes it (a separator, a quote or a line break inside). A customer's text
 * that a spreadsheet would run as a formula (=, @, + or - before anything but a number) is
 * prefixed with an apostrophe, which the spreadsheet shows as plain text.
 */
export function csvCell(value: string): string {
  const inert = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-]\d+([.,]\d+)?$/.test(value)) ? `'${value}` : value;
  return /[;"\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/**
 * A phone as text a spreadsheet keeps as it is: a Russian number the domestic way, 8 (913) 555-00-11,
 * since a leading + starts a formula and bare digits become a number.
 */
export const csvPhone = (phone: string): string => phoneText(phone).replace(/^\+7 /, '8 ');

const historyOf = (row: FinanceRow) => row.status_changes.map((change) => `${FINANCE_STATUS_LABELS[change.status]} ${financeDateTime(change.at)}`).join(' → ');

/** The journal as a spreadsheet file: BOM, a header line, one line a row, CRLF line ends. */
export function financeCsv(rows: readonly FinanceRow[]): string {
  const lines = [FINANCE_CSV_HEADERS.join(SEPARATOR)];
  for (const row of rows) {
    const cells = [
      financeDateTime(row.created_at),
      FINANCE_KIND_LABELS[row.kind],
      row.booking_id,
      row.customer_name,
      csvPhone(row.customer_phone),
      STUDIO_NAMES[row.studio],
      decimalComma(row.amount),
      FINANCE_PURPOSE_LABELS[row.purpose] ?? row.purpose,
      financeMethodLabel(row.method),
      row.provider_id ?? '',
      FINANCE_STATUS_LABELS[row.status],
      financeDateTime(row.updated_at),
      historyOf(row),
    ];
    lines.push(cells.map(csvCell).join(SEPARATOR));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
