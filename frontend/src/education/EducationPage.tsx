import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { rememberPage } from '../navigation/lastVisited';
import { SectionPage } from '../ui/SectionPage';

const COURSES = [
  ['Основы студийного света', '4 занятия'],
  ['Портрет в студии', '6 занятий'],
  ['Предметная съёмка для маркетплейсов', '3 занятия'],
];

export default function EducationPage() {
  useEffect(() => rememberPage('/education'), []);
  return (
    <SectionPage
      eyebrow="Школа фотографии"
      title="Обучение"
      lead="Практические курсы в наших залах: свет, композиция и работа с моделью — на настоящем студийном оборудовании."
    >
      <p className="section-page__notice" role="note">
        Раздел находится в разработке. Скоро здесь появятся расписание курсов и небольшая игра для фотографов.
      </p>
      <ul className="section-page__list" aria-label="Готовящиеся курсы">
        {COURSES.map(([name, length]) => (
          <li key={name}>
            <span>{name}</span>
            <span>{length}</span>
          </li>
        ))}
      </ul>
      <div className="section-page__actions">
        <Link className="button" to="/pochta">
          Смотреть залы
        </Link>
      </div>
    </SectionPage>
  );
}
