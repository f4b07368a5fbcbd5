import type { Request, RequestHandler, Response } from 'express';
import type { Aggregate } from '@studio/domain';
import type { CommandContext, CommandHandler, CommandResult } from '@studio/platform';
import { commandContext } from './context';

type AnyEvent = { type: string; data: unknown };

export interface CommandRoute<State, Command, Event extends AnyEvent, Input, Expected extends Event['type'] | undefined> {
  aggregate: Aggregate<State, Command, Event>;
  /** Validates the request (body, params, headers) and throws the 400 before anything is read. */
  parse: (req: Request) => Input;
  toCommand: (input: Input) => Command;
  /**
   * The event a successful command must have emitted; its absence is a server fault. Left out
   * where an idempotent retry legitimately emits nothing and `present` answers from the state.
   */
  expect?: Expected;
  /** The answer's fields besides `success` and `position`. */
  present: (answer: {
    input: Input;
    result: CommandResult<State, Event>;
    event: Expected extends string ? Extract<Event, { type: Expected }> : undefined;
  }) => object;
  /** Work that must follow the append before the client hears of it (e.g. scheduling a hold's expiry). */
  after?: (input: Input, result: CommandResult<State, Event>, context: CommandContext) => Promise<void>;
  status?: number;
}

/**
 * A command endpoint: parse → decide and append on the aggregate's stream → answer, in a few
 * declarative lines. Errors go to the app's one error handler; the answer carries the position
 * written, which a client may hand back to a query (read-your-writes).
 */
export function commandRoute<State, Command, Event extends AnyEvent, Input, Expected extends Event['type'] | undefined = undefined>(
  commands: CommandHandler,
  route: CommandRoute<State, Command, Event, Input, Expected>,
): RequestHandler {
  return async (req: Request, res: Response) => {
    const input = route.parse(req);
    const context = commandContext(res);
    const result = await commands.handle(route.aggregate, route.toCommand(input), context);
    const event = route.expect === undefined ? undefined : result.events.find((e) => e.type === route.expect);
    if (route.expect !== undefined && !event) throw new Error(`${route.aggregate.name}: the command emitted no ${route.expect} on ${result.stream}`);
    await route.after?.(input, result, context);
    res.status(route.status ?? 200).json({
      success: true,
      ...route.present({ input, result, event: event as never }),
      position: result.position,
    });
  };
}
