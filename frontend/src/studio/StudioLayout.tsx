import { Suspense } from 'react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading';
import { useCatalogChanges } from '../realtime/use-catalog-changes';
import NotFoundPage from '../errors/NotFoundPage';
import { isStudioSlug, STUDIO_INFO } from '../studios/studios';
import { PageSlide } from './PageSlide';
import { StudioFooter } from './StudioFooter';
import { StudioHeader } from './StudioHeader';
import { StudioTabs } from './StudioTabs';
import './studio.css';

/** Header, tabs and footer shared by a studio's hall, booking and rules pages. */
export default function StudioLayout() {
  const { studio } = useParams();
  const { pathname } = useLocation();
  useCatalogChanges(isStudioSlug(studio) ? studio : null);
  if (!isStudioSlug(studio)) return <NotFoundPage />;
  const info = STUDIO_INFO[studio];
  return (
    <div className="studio-frame">
      <StudioHeader info={info} />
      <StudioTabs studio={studio} />
      <main className="studio-main" id="content">
        <PageSlide pathname={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageSlide>
      </main>
      <StudioFooter info={info} />
    </div>
  );
}
