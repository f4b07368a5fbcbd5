import type { StaffAdmin } from '@studio/domain';
import { useEffect, useState } from 'react';
import { logOut, whoAmI } from './api';
import { AdminLoginForm } from './AdminLoginForm';
import { AdminPanel } from './AdminPanel';
import { clearAdmin, readAdmin, writeAdmin } from './stored-admin';
import '../ui/field.css';
import '../ui/auth-form.css';
import './admin.css';
import '../ui/outcome.css';

/**
 * /admin: the staff back-office. Logged in while the member is kept in local storage
 * (docs/staff.md#rules); the server is asked whether the staff session still holds, and a stored
 * copy it does not know any more is forgotten.
 */
export default function AdminPage() {
  const [admin, setAdmin] = useState<StaffAdmin | null>(readAdmin);
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => {
    if (!readAdmin()) return;
    let current = true;
    void whoAmI().then((found) => {
      if (!current || found === undefined) return;
      if (found) writeAdmin(found);
      else clearAdmin();
      setAdmin(found);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    document.title = admin ? 'Администрирование — Студии Томска' : 'Вход для сотрудников — Студии Томска';
  }, [admin]);

  if (!admin) {
    return (
      <AdminLoginForm
        onLoggedIn={(member) => {
          writeAdmin(member);
          setAdmin(member);
        }}
      />
    );
  }
  const onLogout = async () => {
    setLoggingOut(true);
    await logOut();
    clearAdmin();
    setLoggingOut(false);
    setAdmin(null);
  };
  return <AdminPanel admin={admin} onLogout={() => void onLogout()} loggingOut={loggingOut} />;
}
