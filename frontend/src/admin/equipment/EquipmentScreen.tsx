import { STUDIO_NAMES, STUDIOS, type SharedEquipmentRow } from '@studio/domain';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminModal } from '../../ui/AdminModal';
import { ListStates } from '../../ui/ListStates';
import { fetchServices } from '../services/api';
import { ListBar, OutcomeNotice, RowAction, StaffTable, type Outcome } from '../StaffListParts';
import { reasonOf, useStaffList } from '../staff-list';
import { EQUIPMENT_MESSAGES, fetchEquipment } from './api';
import { EquipmentForm, type StudioServices } from './EquipmentForm';
import '../staff-list.css';
import './equipment.css';

const COLUMNS = ['Название', 'Количество', 'Услуги', 'Действия'];

/** Every studio's services, for naming an item's services and choosing them (the services tab's own reads). */
function useStudioServices() {
  const results = useQueries({
    queries: STUDIOS.map((studio) => ({ queryKey: ['admin-services', studio], queryFn: ({ signal }: { signal: AbortSignal }) => fetchServices(studio, signal) })),
  });
  const studios: StudioServices[] = STUDIOS.map((studio, i) => ({ studio, services: results[i]!.data ?? [] }));
  const failed = results.find((result) => result.isError);
  return {
    studios,
    pending: results.some((result) => result.isPending && !result.isError),
    failure: failed ? reasonOf(failed.error) : null,
    retry: () => results.forEach((result) => result.isError && void result.refetch()),
  };
}

/**
 * Shared equipment (docs/photographers.md#screens): the items all studios share, with their count and
 * the studios' services that are each; «Добавить оборудование» and «Изменить» open the form.
 */
export function EquipmentScreen() {
  const { query, written } = useStaffList(['admin-equipment'], fetchEquipment);
  const services = useStudioServices();
  /** The item being edited, `new` for the create form. */
  const [editing, setEditing] = useState<SharedEquipmentRow | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const items = query.data ?? [];
  const serviceName = new Map(services.studios.flatMap(({ studio, services: list }) => list.map((service) => [service.id, `${STUDIO_NAMES[studio]}: ${service.name}`] as const)));

  const onSaved = () => {
    setOutcome({ text: editing === 'new' ? EQUIPMENT_MESSAGES.created : EQUIPMENT_MESSAGES.updated, failed: false });
    setEditing(null);
    written();
  };

  return (
    <div className="staff-list">
      <ListBar title="Общее оборудование студий" createLabel="Добавить оборудование" onCreate={() => setEditing('new')} />
      <p className="equipment__hint">Оборудование, которое студии делят между собой: бронь с любой из его услуг берёт один предмет на своё время.</p>
      <OutcomeNotice outcome={outcome} />
      <ListStates
        loading={query.isPending || (query.isError && query.isFetching)}
        loadingText="Загрузка оборудования…"
        failure={query.error ? { title: EQUIPMENT_MESSAGES.loadFailed, detail: reasonOf(query.error) } : null}
        onRetry={() => void query.refetch()}
        empty={items.length === 0 ? <p>Общего оборудования пока нет. Добавьте первое и выберите услуги студий, которые им являются.</p> : null}
      >
        <StaffTable columns={COLUMNS}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.name}</td>
              <td className="staff-table__money">{item.count}</td>
              <td className="staff-table__text">
                <ul className="equipment__services">
                  {item.serviceIds.map((id) => (
                    <li key={id}>{serviceName.get(id) ?? (services.pending ? '…' : 'Услуга удалена')}</li>
                  ))}
                </ul>
              </td>
              <td className="staff-table__actions">
                <RowAction label="Изменить" target={`«${item.name}»`} onPress={() => setEditing(item)} />
              </td>
            </tr>
          ))}
        </StaffTable>
      </ListStates>

      <AdminModal isOpen={editing !== null} title={editing === 'new' ? 'Новое оборудование' : 'Редактирование оборудования'} testId="equipment-modal" onClose={() => setEditing(null)}>
        {editing !== null && (
          <ListStates
            loading={services.pending}
            loadingText="Загрузка услуг…"
            failure={services.failure ? { title: EQUIPMENT_MESSAGES.servicesFailed, detail: services.failure } : null}
            onRetry={services.retry}
            empty={null}
          >
            <EquipmentForm item={editing === 'new' ? null : editing} studios={services.studios} onSaved={onSaved} onCancel={() => setEditing(null)} />
          </ListStates>
        )}
      </AdminModal>
    </div>
  );
}
