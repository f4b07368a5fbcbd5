import type { StaffAdmin, StaffMemberRow } from '@studio/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useStaffList } from '../staff-list';
import { AdminFormModal, type AdminFormTarget } from './AdminFormModal';
import { AdminsTable } from './AdminsTable';
import { ADMINS_MESSAGES, deleteAdmin, fetchAdmins } from './api';
import './admins.css';
import { ListStates } from '../../ui/ListStates';

/**
 * The administrators tab (docs/staff.md#what-it-does, docs/staff.md#calls-and-who-may-make-them): a super's alone. The tab is hidden from an
 * administrator, and the server refuses one its calls whatever the page shows.
 */
export function AdminsScreen({ admin }: { admin: StaffAdmin }) {
  if (admin.rules !== 'super') return <p className="admins__no-access">{ADMINS_MESSAGES.noAccess}</p>;
  return <AdminsManager selfId={admin.id} />;
}

type Notice = { ok: boolean; text: string } | null;

function AdminsManager({ selfId }: { selfId: string }) {
  const { query, written } = useStaffList(['admin-admins'], fetchAdmins);
  const [form, setForm] = useState<AdminFormTarget | null>(null);
  const [deleting, setDeleting] = useState<StaffMemberRow | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  /** A write went through: the list is read again, under the success text. */
  const done = (text: string) => {
    written();
    setNotice({ ok: true, text });
  };
  const onSaved = (text: string) => {
    setForm(null);
    done(text);
  };
  const confirmDelete = async (row: StaffMemberRow) => {
    setDeleting(null);
    setNotice(null);
    const outcome = await deleteAdmin(row.id);
    if (outcome.ok) done(ADMINS_MESSAGES.deleted);
    else setNotice({ ok: false, text: outcome.message });
  };

  return (
    <div className="admins">
      <header className="admins__head">
        <h2 className="admins__title">Администраторы</h2>
        <button
          type="button"
          className="button"
          onClick={() => {
            setNotice(null);
            setForm({ mode: 'create' });
          }}
        >
          Добавить администратора
        </button>
      </header>

      {notice && (
        <p className={notice.ok ? 'outcome' : 'outcome outcome--error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}

      <ListStates
        loading={query.isPending}
        failure={query.isError ? { detail: ADMINS_MESSAGES.loadFailed } : null}
        onRetry={() => void query.refetch()}
        empty={query.data?.length === 0 ? <p>Администраторов пока нет</p> : null}
      >
        <AdminsTable
          rows={query.data ?? []}
          selfId={selfId}
          onEdit={(row) => {
            setNotice(null);
            setForm({ mode: 'edit', row });
          }}
          onDelete={(row) => {
            setNotice(null);
            setDeleting(row);
          }}
        />
      </ListStates>

      <AdminFormModal target={form} onClose={() => setForm(null)} onSaved={onSaved} />
      <ConfirmDialog
        isOpen={deleting !== null}
        question={`Удалить администратора ${deleting?.name ?? ''}?`}
        detail="Его сеансы завершатся, а войти под этим логином будет нельзя."
        confirmLabel="Удалить"
        onConfirm={() => void (deleting && confirmDelete(deleting))}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
