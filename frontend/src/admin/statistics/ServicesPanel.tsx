import { STUDIO_NAMES } from '@studio/domain';
import { HEAVY_USE, TOP_SERVICES, type ServiceRow } from './aggregate';
import { STATISTICS_MESSAGES } from './api';
import { formatCount, formatMoney } from './format';
import '../staff-list.css';

const perBooking = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** «Услуги»: the top services of the period; one taken HEAVY_USE times a booking or more stands out (docs/statistics.md#constants). */
export function ServicesPanel({ rows, showStudio }: { rows: ServiceRow[]; showStudio: boolean }) {
  if (rows.length === 0) return <p className="admin__empty">{STATISTICS_MESSAGES.noServices}</p>;
  return (
    <section aria-labelledby="astats-services">
      <h3 id="astats-services" className="astats__chart-title">
        Топ-{TOP_SERVICES} услуг
      </h3>
      <p className="acal-dialog__muted">
        Выделены услуги, которые берут {perBooking.format(HEAVY_USE)} раза за бронь и чаще.
      </p>
      <div className="staff-table__frame">
        <table className="staff-table astats__table">
          <thead>
            <tr>
              <th scope="col">Услуга</th>
              {showStudio && <th scope="col">Студия</th>}
              <th scope="col">Бронирований</th>
              <th scope="col">Заказов</th>
              <th scope="col">На бронь</th>
              <th scope="col">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={row.heavy ? 'astats__heavy' : undefined} data-heavy={row.heavy || undefined}>
                <td>
                  {row.name}
                  {row.heavy && (
                    <>
                      {' '}
                      <span className="astats__badge">часто</span>
                    </>
                  )}
                </td>
                {showStudio && <td>{STUDIO_NAMES[row.studio]}</td>}
                <td>{formatCount(row.bookings)}</td>
                <td>{formatCount(row.uses)}</td>
                <td>{perBooking.format(row.usesPerBooking)}</td>
                <td className="staff-table__money">{formatMoney(row.paidRevenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
