import type { StaffMemberRow } from '@studio/domain';
import { tomskDateTime } from '../../ui/tomsk-time';
import { ROLE_LABELS } from './admin-form';

interface Props {
  rows: readonly StaffMemberRow[];
  /** The signed-in super: its own row may be edited, never deleted (docs/staff.md#calls-and-who-may-make-them). */
  selfId: string;
  onEdit: (row: StaffMemberRow) => void;
  onDelete: (row: StaffMemberRow) => void;
}

/** The administrators list (docs/staff.md#what-it-does «Administrators»): who, how they sign in, their role, since when. */
export function AdminsTable({ rows, selfId, onEdit, onDelete }: Props) {
  return (
    <div className="admins__scroll">
      <table className="admins__table">
        <thead>
          <tr>
            <th scope="col">Имя</th>
            <th scope="col">Логин</th>
            <th scope="col">Роль</th>
            <th scope="col">Создан</th>
            <th scope="col">
              <span className="visually-hidden">Действия</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="admin-row">
              <th scope="row">
                {row.name}
                {row.id === selfId && <span className="admins__self"> (вы)</span>}
              </th>
              <td>{row.login}</td>
              <td>
                <span className={row.rules === 'super' ? 'admins__role admins__role--super' : 'admins__role'}>{ROLE_LABELS[row.rules]}</span>
              </td>
              <td>{tomskDateTime(row.created_at)}</td>
              <td>
                <div className="admins__actions">
                    <button type="button" className="pill-link" aria-label={`Изменить: ${row.name}`} onClick={() => onEdit(row)}>
                    Изменить
                  </button>
                  {row.id !== selfId && (
                    <button type="button" className="pill-link admins__delete" aria-label={`Удалить: ${row.name}`} onClick={() => onDelete(row)}>
                      Удалить
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
