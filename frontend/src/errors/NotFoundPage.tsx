import { Link } from 'react-router-dom';
import './errors.css';

export default function NotFoundPage() {
  return (
    <main className="error-screen">
      <p className="eyebrow">Ошибка 404</p>
      <h1>Такой страницы нет</h1>
      <p>Возможно, ссылка устарела или в адресе опечатка. Залы и расписание — на главной.</p>
      <Link className="button" to="/">
        На главную
      </Link>
    </main>
  );
}
