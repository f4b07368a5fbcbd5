import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { awaitReadPosition, type CheckpointWaiter, type ServedBy } from './read-your-writes';

export interface JsonRoute<Input, Answer> {
  /**
   * The projection whose checkpoint a read-your-writes request waits for, or each one whose tables
   * the answer reads: a read must not answer from one read model that has the client's write and
   * another that has not yet.
   */
  projection: ServedBy;
  /** Validates the request (and takes what earlier middleware learnt of the caller from `res`); throws the 400 before any waiting or querying. */
  parse: (req: Request, res: Response) => Input;
  answer: (input: Input) => Promise<Answer>;
  /** For answers that change with every booking: a browser must never reuse one. */
  noStore?: boolean;
}

/**
 * A GET endpoint answering as its contract says: `jsonRoute(waiter, answers)({ projection, parse,
 * answer })` validates, honours the read position, queries and answers JSON of the `answers`
 * schema's type (domain/src/contracts/http; the test kit parses every answer with it). The schema
 * comes first, in a call of its own, so the answer is typed by it alone: inferred together with
 * `answer`, the answer's own type would widen it.
 */
export function jsonRoute<Answer>(waiter: CheckpointWaiter, _answers: z.ZodType<Answer>) {
  return <Input>(route: JsonRoute<Input, Answer>): RequestHandler =>
    async (req, res) => {
      const input = route.parse(req, res);
      await awaitReadPosition(req, res, route.projection, waiter);
      const body = await route.answer(input);
      if (route.noStore) res.setHeader('Cache-Control', 'no-store');
      res.json(body);
    };
}
