import type { Request, RequestHandler, Response } from 'express';
import { awaitReadPosition, type CheckpointWaiter, type ServedBy } from './read-your-writes';

export interface JsonRoute<Input> {
  /**
   * The projection whose checkpoint a read-your-writes request waits for, or each one whose tables
   * the answer reads: a read must not answer from one read model that has the client's write and
   * another that has not yet.
   */
  projection: ServedBy;
  /** Validates the request (and takes what earlier middleware learnt of the caller from `res`); throws the 400 before any waiting or querying. */
  parse: (req: Request, res: Response) => Input;
  answer: (input: Input) => Promise<object>;
  /** For answers that change with every booking: a browser must never reuse one. */
  noStore?: boolean;
}

/** A GET endpoint: validate, honour the read position, query, answer JSON. */
export function jsonRoute<Input>(waiter: CheckpointWaiter, route: JsonRoute<Input>): RequestHandler {
  return async (req, res) => {
    const input = route.parse(req, res);
    await awaitReadPosition(req, res, route.projection, waiter);
    const body = await route.answer(input);
    if (route.noStore) res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
