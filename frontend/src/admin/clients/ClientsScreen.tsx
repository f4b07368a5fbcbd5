import type { AdminClient } from '@studio/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ListStates } from '../../ui/ListStates';
import { CLIENT_MESSAGES, fetchClients } from './api';
import { ClientCard } from './ClientCard';
import { filtersSet, NO_FILTERS, type ClientFilters } from './client-filters';
import { ClientFiltersPanel } from './ClientFiltersPanel';
import { ClientModal } from './ClientModal';
import { ClientsPagination } from './ClientsPagination';
import { useDebouncedValue } from './use-debounced-value';
import './clients.css';

/** How long typing must pause before the search asks the server. */
const SEARCH_PAUSE_MS = 300;

/**
 * The client base (docs/clients.md#what-it-does «Client base»): the search by name, phone or e-mail, the
 * filter panel, the card grid 12 a page with its pagination, and the detail modal. A new search or
 * filter starts again at the first page.
 */
export function ClientsScreen() {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_PAUSE_MS);
  const [filters, setFilters] = useState<ClientFilters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminClient | null>(null);
  const panelId = useId();
  // A new search starts again at the first page (set while rendering, so no request goes out for the old page).
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setPage(1);
  }
  const list = useQuery({
    queryKey: ['admin-clients', page, search.trim(), filters],
    queryFn: ({ signal }) => fetchClients(page, search, filters, signal),
    // The grid stays while the next page or search loads, instead of blinking empty.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const applyFilters = (next: ClientFilters) => {
    setFilters(next);
    setPage(1);
  };
  const set = filtersSet(filters);
  const data = list.data;

  return (
    <div className="aclients">
      <h2 className="admin__screen-title">Клиенты</h2>
      <div className="aclients__toolbar">
        <label className="acal-form__field aclients__search">
          <span>Поиск по имени, телефону или почте</span>
          <input type="search" value={typed} maxLength={100} placeholder="Анна, +7 913…, anna@…" onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="button" className="admin__tab" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen(!filtersOpen)}>
          {set > 0 ? `Фильтры (${set})` : 'Фильтры'}
        </button>
      </div>
      {filtersOpen && <ClientFiltersPanel id={panelId} applied={filters} onApply={applyFilters} />}
      <ListStates
        loading={list.isPending}
        loadingText="Загрузка клиентов…"
        failure={list.error ? { detail: list.error.message } : null}
        onRetry={() => void list.refetch()}
        empty={data?.total === 0 ? <p>{CLIENT_MESSAGES.empty}</p> : null}
      >
        {data && (
          <p className="acal-dialog__muted" role="status" aria-busy={list.isPlaceholderData}>
            {data.total > 0 ? `Найдено клиентов: ${data.total}` : ''}
          </p>
        )}
        {data && data.clients.length > 0 && (
          <ul className="aclients__grid" aria-label="Клиенты" aria-busy={list.isPlaceholderData}>
            {data.clients.map((client) => (
              <ClientCard key={client.id} client={client} onOpen={() => setOpen(client)} />
            ))}
          </ul>
        )}
        {data && <ClientsPagination page={page} totalPages={data.totalPages} onPage={setPage} />}
      </ListStates>
      <ClientModal client={open} onClose={() => setOpen(null)} />
    </div>
  );
}
