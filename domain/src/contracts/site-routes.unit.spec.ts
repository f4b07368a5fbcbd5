import { describe, expect, it } from 'vitest';
import { STUDIOS } from '../studios';
import { isSitePage, LOOPBACK_PAGES, sitePageOf } from './site-routes';

describe('isSitePage', () => {
  it('knows the home page, every studio with its tabs, and the other pages', () => {
    const pages = ['/', '/education', '/login', '/register', '/dashboard', '/payment/success', '/payment/success/', '/admin', '/Admin/', ...STUDIOS.flatMap((s) => [`/${s}`, `/${s}/booking`, `/${s}/rules`])];
    for (const page of pages) expect(isSitePage(page), page).toBe(true);
  });

  it('matches as the router does: trailing slashes, letter case of fixed segments, percent-encoding', () => {
    expect(isSitePage('/pochta/')).toBe(true);
    expect(isSitePage('/kirova/booking//')).toBe(true);
    expect(isSitePage('/Education')).toBe(true);
    expect(isSitePage('/masterskaya/RULES')).toBe(true);
    expect(isSitePage('/pocht%61')).toBe(true);
  });

  it('rejects unknown pages, unknown studios and malformed paths', () => {
    for (const path of ['/nope', '/moscow', '/moscow/booking', '/POCHTA', '/pochta/map', '/pochta/booking/extra', '/education/x', '/register/x', '/payment', '/payment/failure', '/payment/success/x', '/admin/x', '//pochta', '/pochta//booking', '/%E0%A4%A', '', 'pochta']) {
      expect(isSitePage(path), path).toBe(false);
    }
  });
});

describe('sitePageOf', () => {
  it('names the page a path matches, as the router writes it', () => {
    expect(sitePageOf('/pochta/booking/')).toBe('/:studio/booking');
    expect(sitePageOf('/Dev/Outbox')).toBe('/dev/outbox');
    expect(sitePageOf('/%64ev/outbox')).toBe('/dev/outbox');
    expect(sitePageOf('/moscow')).toBeUndefined();
  });

  it('knows the dev outbox as the one page for this machine only', () => {
    expect(LOOPBACK_PAGES).toEqual(['/dev/outbox']);
  });
});
