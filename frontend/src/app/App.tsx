import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { lazyPage } from '../errors/lazyPage';
import { ExitProvider } from '../navigation/ExitProvider';
import { PageLoading } from './PageLoading';
import './app.css';

const HomePage = lazyPage(() => import('../home/HomePage'));
const StudioLayout = lazyPage(() => import('../studio/StudioLayout'));
const HallPage = lazyPage(() => import('../hall/HallPage'));
const BookingPage = lazyPage(() => import('../booking/BookingPage'));
const RulesPage = lazyPage(() => import('../rules/RulesPage'));
const EducationPage = lazyPage(() => import('../education/EducationPage'));
const LoginPage = lazyPage(() => import('../account/LoginPage'));
const DashboardPage = lazyPage(() => import('../account/DashboardPage'));
const NotFoundPage = lazyPage(() => import('../errors/NotFoundPage'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, retryDelay: 400, staleTime: 60_000, refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <ExitProvider>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                <Route path="/" element={<HomePage />} />
                <Route path="/:studio" element={<StudioLayout />}>
                  <Route index element={<HallPage />} />
                  <Route path="booking" element={<BookingPage />} />
                  <Route path="rules" element={<RulesPage />} />
                </Route>
                <Route path="/education" element={<EducationPage />} />
                <Route path="/login" element={<LoginPage />} />
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </ExitProvider>
        </ErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
