import { pageButtons } from './page-buttons';

/** Pages of the grid (docs/clients.md#what-it-does: up to five page buttons), with the previous and the next. */
export function ClientsPagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="aclients__pages" aria-label="Страницы">
      <button type="button" className="admin__tab" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Предыдущая страница">
        ←
      </button>
      {pageButtons(page, totalPages).map((number) => (
        <button key={number} type="button" className="admin__tab" aria-current={number === page ? 'page' : undefined} aria-pressed={number === page} onClick={() => onPage(number)}>
          {number}
        </button>
      ))}
      <button type="button" className="admin__tab" disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label="Следующая страница">
        →
      </button>
    </nav>
  );
}
