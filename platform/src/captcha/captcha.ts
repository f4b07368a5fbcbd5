import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';

/** The server side of a human check: whether the widget's one-use token was earned by the visitor at `ip`. */
export interface Captcha {
  verify(token: string, ip: string): Promise<boolean>;
}

/** The captcha of development and tests: no outside service, and exactly one token (SANDBOX_CAPTCHA_TOKEN) that passes. */
export const sandboxCaptcha: Captcha = {
  verify: async (token) => token === SANDBOX_CAPTCHA_TOKEN,
};
