import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

const BookingPage = lazy(() => import('../booking/BookingPage'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/:studio/booking" element={<BookingPage />} />
          <Route path="*" element={<main>Фотостудии</main>} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
