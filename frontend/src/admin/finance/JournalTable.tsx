import { FINANCE_KIND_LABELS, FINANCE_PURPOSE_LABELS, FINANCE_STATUS_LABELS, financeDateTime, financeMethodLabel, type FinanceRow, formatRoubles, phoneText, STUDIO_NAMES } from '@studio/domain';
import { StaffTable } from '../StaffListParts';

const COLUMNS = ['Создан', 'Вид', 'Бронь', 'Клиент', 'Студия', 'Сумма', 'Способ', 'ID у провайдера', 'Статус', 'История статусов'] as const;

/** A long id shown by its start, whole on hover and for a screen reader. */
const ShortId = ({ id }: { id: string | null }) => (id ? <span className="staff-table__id" title={id} aria-label={id}>{id.slice(0, 8)}…</span> : <>—</>);

/** The journal's rows: each payment or refund, newest first. */
export function JournalTable({ rows }: { rows: readonly FinanceRow[] }) {
  return (
    <StaffTable columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.kind}-${row.id}`} data-testid="finance-row">
          <td>{financeDateTime(row.created_at)}</td>
          <td>
            {FINANCE_KIND_LABELS[row.kind]}
            <br />
            <small className="afinance__muted">{FINANCE_PURPOSE_LABELS[row.purpose] ?? row.purpose}</small>
          </td>
          <td>
            <ShortId id={row.booking_id} />
          </td>
          <td>
            {row.customer_name}
            <br />
            <small className="afinance__muted afinance__phone">{phoneText(row.customer_phone)}</small>
          </td>
          <td>{STUDIO_NAMES[row.studio]}</td>
          <td className={row.kind === 'refund' ? 'staff-table__money afinance__refund' : 'staff-table__money'}>
            {row.kind === 'refund' ? '−' : ''}
            {formatRoubles(row.amount)}
          </td>
          <td>{financeMethodLabel(row.method)}</td>
          <td>
            <ShortId id={row.provider_id} />
          </td>
          <td>
            <span className={`staff-table__chip afinance__status--${row.status}`}>{FINANCE_STATUS_LABELS[row.status]}</span>
          </td>
          <td>
            <ol className="afinance__history">
              {row.status_changes.map((change) => (
                <li key={`${change.status}-${change.at}`}>
                  {FINANCE_STATUS_LABELS[change.status]} <span className="afinance__muted">{financeDateTime(change.at)}</span>
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
