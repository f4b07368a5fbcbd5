import { Link } from 'react-router-dom';
import { SectionPage } from '../ui/SectionPage';

export default function LoginPage() {
  return (
    <SectionPage
      eyebrow="Личный кабинет"
      title="Вход"
      lead="Вход по номеру телефона появится совсем скоро. А пока забронировать зал можно без регистрации."
    >
      <p className="section-page__notice" role="note">
        Раздел находится в разработке: по вопросам брони звоните администратору студии.
      </p>
      <div className="section-page__actions">
        <Link className="button" to="/">
          Выбрать студию
        </Link>
      </div>
    </SectionPage>
  );
}
