import { formatRoubles, STUDIO_NAMES, type Service, type Studio } from '@studio/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AdminModal } from '../../ui/AdminModal';
import { ListBar, OutcomeNotice, RowAction, StaffTable, type Outcome } from '../StaffListParts';
import { ListStates } from '../../ui/ListStates';
import { reasonOf, useStaffList } from '../staff-list';
import { deleteService, fetchServices, SERVICES_MESSAGES } from './api';
import { ServiceForm } from './ServiceForm';
import { serviceFormatLabel } from './service-form';
import '../staff-list.css';

const SERVICE_COLUMNS = ['ID', 'Название', 'Цена', 'Формат', 'Описание', 'Действия'];

/** The services of one studio (docs/catalog.md#what-it-does «Services screen»): the table, and the create, edit and delete modals. */
export function ServicesScreen({ studio }: { studio: Studio }) {
  const { query, written } = useStaffList(['admin-services', studio], (signal) => fetchServices(studio, signal));
  /** The service being edited, `new` for the create modal. */
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [removing, setRemoving] = useState<Service | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const services = query.data ?? [];

  const onSaved = () => {
    setOutcome({ text: editing === 'new' ? SERVICES_MESSAGES.created : SERVICES_MESSAGES.updated, failed: false });
    setEditing(null);
    written();
  };
  const onRemove = async (service: Service) => {
    setRemoving(null);
    try {
      await deleteService(studio, service.id);
      written();
      setOutcome({ text: SERVICES_MESSAGES.deleted, failed: false });
    } catch (error) {
      setOutcome({ text: SERVICES_MESSAGES.deleteFailed(reasonOf(error)), failed: true });
    }
  };

  return (
    <div className="staff-list">
      <ListBar title={`Услуги — ${STUDIO_NAMES[studio]}`} createLabel="Добавить услугу" onCreate={() => setEditing('new')} />
      <OutcomeNotice outcome={outcome} />
      <ListStates
        loading={query.isPending || (query.isError && query.isFetching)}
        failure={query.error ? { title: SERVICES_MESSAGES.loadFailed, detail: reasonOf(query.error) } : null}
        onRetry={() => void query.refetch()}
        empty={services.length === 0 ? <p>Услуг пока нет. Добавьте первую — она появится на странице бронирования.</p> : null}
      >
        <StaffTable columns={SERVICE_COLUMNS}>
          {services.map((service) => (
            <tr key={service.id}>
              <td className="staff-table__id" title={service.id}>
                {service.id.slice(0, 8)}
              </td>
              <td>{service.name}</td>
              <td className="staff-table__money">{formatRoubles(service.price)}</td>
              <td className="staff-table__format">{serviceFormatLabel(service.format)}</td>
              <td className="staff-table__text">{service.description}</td>
              <td className="staff-table__actions">
                <RowAction label="Изменить" target={`«${service.name}»`} onPress={() => setEditing(service)} />
                <RowAction label="Удалить" target={`«${service.name}»`} onPress={() => setRemoving(service)} />
              </td>
            </tr>
          ))}
        </StaffTable>
      </ListStates>

      <AdminModal isOpen={editing !== null} title={editing === 'new' ? 'Новая услуга' : 'Редактирование услуги'} testId="service-modal" onClose={() => setEditing(null)}>
        {editing !== null && <ServiceForm studio={studio} service={editing === 'new' ? null : editing} onSaved={onSaved} />}
      </AdminModal>
      <ConfirmDialog
        isOpen={removing !== null}
        question={`Удалить услугу «${removing?.name ?? ''}»?`}
        detail="Её больше не будет на странице бронирования; брони, в которых она уже есть, сохранят её название и цену."
        confirmLabel="Удалить"
        onConfirm={() => removing && void onRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
