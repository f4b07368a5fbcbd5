import { DEFAULT_HALF_HOUR_PRICE_KOPECKS, DEFAULT_HOUR_PRICE_KOPECKS, formatRoubles, kopecksToRoubles, STUDIO_NAMES, type PriceRow, type Studio } from '@studio/domain';
import { useState } from 'react';
import { AdminModal } from '../../ui/AdminModal';
import { tomskDateTime } from '../../ui/tomsk-time';
import { ListBar, OutcomeNotice, RowAction, StaffTable, type Outcome } from '../StaffListParts';
import { ListStates } from '../../ui/ListStates';
import { reasonOf, useStaffList } from '../staff-list';
import { fetchPrices, PRICES_MESSAGES } from './api';
import { PriceForm } from './PriceForm';
import '../staff-list.css';

const DEFAULTS = `${formatRoubles(kopecksToRoubles(DEFAULT_HOUR_PRICE_KOPECKS))} за час и ${formatRoubles(kopecksToRoubles(DEFAULT_HALF_HOUR_PRICE_KOPECKS))} за полчаса`;

const PRICE_COLUMNS = ['ID', 'Цена за час', 'Цена за полчаса', 'Создано', 'Обновлено', 'Действия'];

/**
 * The price lists of one studio (docs/catalog.md#what-it-does «Prices screen»), with the create and edit
 * modals. The one set or changed last is what new bookings are charged.
 */
export function PricesScreen({ studio }: { studio: Studio }) {
  const { query, written } = useStaffList(['admin-prices', studio], (signal) => fetchPrices(studio, signal));
  /** The row being changed, `new` for the create modal. */
  const [editing, setEditing] = useState<PriceRow | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const rows = query.data ?? [];

  const onSaved = () => {
    setOutcome({ text: editing === 'new' ? PRICES_MESSAGES.created : PRICES_MESSAGES.updated, failed: false });
    setEditing(null);
    written();
  };

  return (
    <div className="staff-list">
      <ListBar title={`Цены — ${STUDIO_NAMES[studio]}`} createLabel="Новые цены" onCreate={() => setEditing('new')} />
      <p className="staff-list__muted">Новые цены действуют для новых броней; сделанные брони сохраняют цену, по которой их продали.</p>
      <OutcomeNotice outcome={outcome} />
      <ListStates
        loading={query.isPending || (query.isError && query.isFetching)}
        failure={query.error ? { title: PRICES_MESSAGES.loadFailed, detail: reasonOf(query.error) } : null}
        onRetry={() => void query.refetch()}
        empty={rows.length === 0 ? <p>Цены ещё не заданы: действуют цены по умолчанию — {DEFAULTS}.</p> : null}
      >
        <StaffTable columns={PRICE_COLUMNS}>
          {rows.map((row) => (
            <tr key={row.id} aria-current={row.current || undefined}>
              <td className="staff-table__id" title={row.id}>
                {row.id.slice(0, 8)}
                {row.current && <span className="staff-table__chip">Действуют</span>}
              </td>
              <td className="staff-table__money">{formatRoubles(row.hour_price)}</td>
              <td className="staff-table__money">{formatRoubles(row.half_hour_price)}</td>
              <td>{tomskDateTime(row.created_at)}</td>
              <td>{tomskDateTime(row.updated_at)}</td>
              <td className="staff-table__actions">
                <RowAction label="Изменить" target={`цены ${row.id.slice(0, 8)}`} onPress={() => setEditing(row)} />
              </td>
            </tr>
          ))}
        </StaffTable>
      </ListStates>

      <AdminModal isOpen={editing !== null} title={editing === 'new' ? 'Новые цены' : 'Изменение цен'} testId="prices-modal" onClose={() => setEditing(null)}>
        {editing !== null && <PriceForm studio={studio} row={editing === 'new' ? null : editing} onSaved={onSaved} />}
      </AdminModal>
    </div>
  );
}
