import type { Request } from 'express';

/**
 * The origin staff reached the site at: the gateway's X-Forwarded-Host (it sets it itself, dropping
 * a client's), else the Host the API was called at. A feed URL shown in the back-office is then one
 * the same browser, and a calendar service given it, can reach.
 */
export const requestOrigin = (req: Request) => `${req.protocol}://${req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost'}`;
