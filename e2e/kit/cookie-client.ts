import { Cookie, CookieJar } from 'tough-cookie';
import { requestJson, type JsonAnswer } from './http';

/** A client of the site that keeps its cookies as a browser does, and sends no header of its own. */
export interface CookieClient {
  /** GET a path of the site as JSON. */
  get(path: string): Promise<JsonAnswer>;
  /** Any method, with a JSON body when one is given. */
  send(method: string, path: string, body?: unknown): Promise<JsonAnswer>;
  /** Takes up a session opened elsewhere (`name=value`, as the kit's logins give it), as if the site had set it. */
  adopt(cookie: string): Promise<void>;
  /** The value of one of its cookies that would go with a request to `path`, if any. */
  cookie(name: string, path?: string): Promise<string | undefined>;
}

/**
 * A cookie-keeping client of `baseUrl` (the gateway): the RFC 6265 jar of tough-cookie keeps what
 * each answer sets (paths, expiry, same-site), and every request carries what applies to it,
 * as a page of the site does in the browser. `drop` names cookies it never keeps (the bench's
 * baseline: a client without the read_position cookie).
 */
export function cookieClient(baseUrl: string, { drop = [] }: { drop?: readonly string[] } = {}): CookieClient {
  const jar = new CookieJar();
  // Every request comes from the site's own pages: SameSite=Strict cookies go with it.
  const sameSite = { sameSiteContext: 'strict' as const };
  const send = async (method: string, path: string, body?: unknown) => {
    const url = baseUrl + path;
    const cookie = await jar.getCookieString(url, sameSite);
    const answer = await requestJson(url, { method, body, headers: cookie ? { cookie } : {} });
    for (const set of answer.headers.getSetCookie()) {
      if (!drop.includes(Cookie.parse(set)?.key ?? '')) await jar.setCookie(set, url, sameSite);
    }
    return answer;
  };
  return {
    get: (path) => send('GET', path),
    send,
    async adopt(cookie) {
      await jar.setCookie(`${cookie}; Path=/`, baseUrl, sameSite);
    },
    async cookie(name, path = '/api/') {
      return (await jar.getCookies(baseUrl + path, sameSite)).find((c) => c.key === name)?.value;
    },
  };
}
