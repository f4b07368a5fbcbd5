import { Link } from 'react-router-dom';
import { readUser } from '../session/user';
import { SectionPage } from '../ui/SectionPage';

export default function DashboardPage() {
  const user = readUser();
  return (
    <SectionPage
      eyebrow="Личный кабинет"
      title={user?.name ? `Здравствуйте, ${user.name}` : 'Личный кабинет'}
      lead="Здесь будут ваши брони, оплаты и история съёмок."
    >
      <p className="section-page__notice" role="note">
        Раздел находится в разработке. Подтверждение брони приходит по SMS, а изменить её поможет администратор студии.
      </p>
      <div className="section-page__actions">
        <Link className="button" to="/">
          Новая бронь
        </Link>
      </div>
    </SectionPage>
  );
}
