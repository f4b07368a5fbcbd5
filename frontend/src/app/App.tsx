import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { lazyPage } from '../errors/lazy-page';
import { ExitProvider } from '../navigation/ExitProvider';
import { PageLoading } from './PageLoading';
import './app.css';

const loadHall = () => import('../hall/HallPage');
const loadBooking = () => import('../booking/BookingPage');
const loadRules = () => import('../rules/RulesPage');

const HomePage = lazyPage(() => import('../home/HomePage'));
const StudioLayout = lazyPage(() => {
  // Fetch the tab's page together with the frame rather than after it: one round trip less on
  // a direct visit. The module system hands the same promise to the page's own lazy import.
  const tab = window.location.pathname.split('/')[2];
  const page = tab === 'booking' ? loadBooking : tab === 'rules' ? loadRules : loadHall;
  page().catch(() => undefined);
  return import('../studio/StudioLayout');
});
const HallPage = lazyPage(loadHall);
const BookingPage = lazyPage(loadBooking);
const RulesPage = lazyPage(loadRules);
const ReschedulePage = lazyPage(() => import('../cabinet/ReschedulePage'));
const EducationPage = lazyPage(() => import('../education/EducationPage'));
const LoginPage = lazyPage(() => import('../accounts/LoginPage'));
const RegisterPage = lazyPage(() => import('../accounts/RegisterPage'));
const DashboardPage = lazyPage(() => import('../cabinet/DashboardPage'));
const ProfilePage = lazyPage(() => import('../accounts/ProfilePage'));
const PaymentResultPage = lazyPage(() => import('../payment/PaymentResultPage'));
const OutboxPage = lazyPage(() => import('../dev/OutboxPage'));
const AdminPage = lazyPage(() => import('../admin/AdminPage'));
const NotFoundPage = lazyPage(() => import('../errors/NotFoundPage'));

/** Kept in step with SITE_PAGES (@studio/domain), by which the gateway answers 404 for other paths. */
export const siteRoutes = (
  <>
    <Route path="/" element={<HomePage />} />
    <Route path="/:studio" element={<StudioLayout />}>
      <Route index element={<HallPage />} />
      <Route path="booking" element={<BookingPage />} />
      <Route path="reschedule" element={<ReschedulePage />} />
      <Route path="rules" element={<RulesPage />} />
    </Route>
    <Route path="/education" element={<EducationPage />} />
    <Route path="/login" element={<LoginPage />} />
    <Route path="/register" element={<RegisterPage />} />
    <Route path="/dashboard" element={<DashboardPage />} />
    <Route path="/profile" element={<ProfilePage />} />
    <Route path="/payment/success" element={<PaymentResultPage />} />
    <Route path="/dev/outbox" element={<OutboxPage />} />
    <Route path="/admin" element={<AdminPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </>
);

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
              <Routes>{siteRoutes}</Routes>
            </Suspense>
          </ExitProvider>
        </ErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
