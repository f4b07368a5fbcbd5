import { Link, Navigate, useNavigate } from 'react-router-dom';
import { clearUser, readUser } from '../session/user';
import { SectionPage } from '../ui/SectionPage';
import { postLogout } from './api';
import './account.css';

export default function DashboardPage() {
  const user = readUser();
  const navigate = useNavigate();
  if (!user) return <Navigate to="/login" replace />;

  const logout = async () => {
    await postLogout();
    clearUser();
    navigate('/login');
  };

  return (
    <SectionPage
      bar={
        <button type="button" className="pill-link logout-button" onClick={() => void logout()}>
          Выйти
        </button>
      }
      eyebrow="Личный кабинет"
      title={user.name ? `Здравствуйте, ${user.name}` : 'Личный кабинет'}
      lead="Здесь будут ваши брони, оплаты и история съёмок."
    >
      <p className="section-page__notice" role="note">
        Раздел находится в разработке. Подтверждение брони приходит по SMS, а изменить её поможет администратор студии.
      </p>
      <div className="section-page__actions">
        <Link className="pill-link" to="/profile">
          Редактировать профиль
        </Link>
        <Link className="button" to="/">
          Новая бронь
        </Link>
      </div>
    </SectionPage>
  );
}
