import { isSitePage, STUDIOS } from '@studio/domain';
import { createRoutesFromElements, matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isStudioSlug } from '../studios/studios';
import { siteRoutes } from './App';

const routes = createRoutesFromElements(siteRoutes);

/** What the app shows at `path`: a page of its own, or NotFoundPage (the `*` route, or StudioLayout for an unknown studio). */
function rendersPage(path: string): boolean {
  const leaf = matchRoutes(routes, path)?.at(-1);
  if (!leaf || leaf.route.path === '*') return false;
  const { studio } = leaf.params;
  return studio === undefined || isStudioSlug(studio);
}

describe('the router and SITE_PAGES', () => {
  it('agree on which paths are pages', () => {
    const paths = [
      '/', '/education', '/login', '/register', '/register/x', '/dashboard', '/profile', '/profile/x', '/Education/', '/nope', '/education/x', '/dashboard/1',
      '/payment/success', '/payment/success/', '/payment', '/admin', '/admin/', '/admin/x', '/payment/failure', '/payment/success/x', '/dev/outbox', '/dev', '/dev/outbox/x',
      ...[...STUDIOS, 'moscow', 'POCHTA'].flatMap((s) => [`/${s}`, `/${s}/`, `/${s}/booking`, `/${s}/rules`, `/${s}/RULES`, `/${s}/map`, `/${s}/booking/x`]),
    ];
    for (const path of paths) expect(isSitePage(path), path).toBe(rendersPage(path));
  });
});
