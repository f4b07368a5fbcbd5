// The booking form's checks, apart from booking-form.ts: they need zod, which only steps 2–4 load
// (the calendar's first load does without it, docs/performance.md).
import { z } from 'zod';
import { PHONE_PATTERN } from '../ui/phone-rule';
import { MESSAGES, SHOOTING_FORMAT_OPTIONS } from './booking-form';

/** One form over steps 2–4; step 1's cells live in saved-slots and are checked on their own. */
export const bookingFormSchema = z
  .object({
    format: z.enum(SHOOTING_FORMAT_OPTIONS),
    photographerId: z.string(),
    /** Text while typing: empty is allowed until the field is left (docs/booking.md#rules). */
    peopleCount: z.string(),
    services: z.array(z.string()),
    name: z.string().trim().min(1, MESSAGES.name).max(200),
    phone: z.string().trim().regex(PHONE_PATTERN, MESSAGES.phone),
    email: z.string().trim().min(1, MESSAGES.email).pipe(z.email(MESSAGES.email)),
    comment: z.string().max(2000, 'Комментарий не длиннее 2000 символов'),
    promo: z.string().max(50),
    rules: z.boolean().refine((agreed) => agreed, MESSAGES.rules),
    /** Pay 50% now and the rest later: offered to signed-in customers only (the server refuses it to a guest). */
    prepay: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.format === 'with_photographer' && !values.photographerId) {
      ctx.addIssue({ code: 'custom', path: ['photographerId'], message: MESSAGES.photographer });
    }
  });
