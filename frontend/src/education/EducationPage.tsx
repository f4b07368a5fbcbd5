import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { rememberPage } from '../navigation/last-visited';
import { SectionPage } from '../ui/SectionPage';
import { FlightGame } from './FlightGame';
import { parseSeed } from './seeded-random';
import './education.css';

export default function EducationPage() {
  useEffect(() => rememberPage('/education'), []);
  const [params] = useSearchParams();
  return (
    <SectionPage
      eyebrow="Школа фотографии"
      title="Обучение"
      lead="Курсы по студийному свету и портрету скоро начнутся в наших залах. А пока — разминка для реакции."
    >
      <p className="section-page__notice" role="note">
        Раздел в разработке: расписание и запись на курсы появятся здесь позже.
      </p>
      <FlightGame seed={parseSeed(params.get('seed'))} />
    </SectionPage>
  );
}
