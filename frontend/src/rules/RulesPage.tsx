import { DEFAULT_RULES, isStudio } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { hallQuery } from '../api/hall';
import './rules.css';

export default function RulesPage() {
  const { studio } = useParams();
  if (!isStudio(studio)) throw new Error(`Неизвестная студия: ${studio}`);
  const { data, isPending, isError, error } = useQuery(hallQuery(studio));

  useEffect(() => {
    if (isError) console.warn(`Правила студии ${studio} не загрузились, показаны встроенные`, error);
  }, [isError, error, studio]);

  const rules = data?.rules.length ? data.rules : DEFAULT_RULES[studio];

  return (
    <section className="rules" aria-labelledby="rules-title">
      <header className="rules__head">
        <p className="eyebrow">Перед съёмкой</p>
        <h2 id="rules-title">Правила студии</h2>
        <p>Бронируя зал, вы соглашаетесь с этими правилами. Они помогают сохранить студию красивой для вас и следующих гостей.</p>
      </header>
      {isPending ? (
        <p className="rules__loading" role="status">
          Загрузка правил...
        </p>
      ) : (
        <ol className="rules__list">
          {rules.map((rule) => (
            <li key={rule.number} className="rules__item">
              <span className="rules__number" aria-hidden="true">
                {String(rule.number).padStart(2, '0')}
              </span>
              <div>
                <h3>{rule.title}</h3>
                {rule.description && <p>{rule.description}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
