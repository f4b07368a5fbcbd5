import type { Request, RequestHandler, Response } from 'express';
import type { Aggregate } from '@studio/domain';
import type { CommandContext, CommandHandler, CommandResult } from '@studio/platform';
import { commandContext } from './context';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyAggregate = Aggregate<any, any, any>;
type StateOf<A> = A extends Aggregate<infer State, infer _C, infer _E> ? State : never;
type CommandOf<A> = A extends Aggregate<infer _S, infer Command, infer _E> ? Command : never;
type EventOf<A> = A extends Aggregate<infer _S, infer _C, infer Event> ? Event : never;

export interface CommandRoute<A extends AnyAggregate, Input> {
  /**
   * Validates the request (body, params, headers) and throws the 400 before anything is read;
   * `res` is for what identifies the caller on the way (the visitor cookie). Async only where the
   * request names no stream and one must be looked up (a discount's studio from its id).
   */
  parse: (req: Request, res: Response) => Input | Promise<Input>;
  toCommand: (input: Input) => CommandOf<A>;
  /** The answer's fields besides `success` and `position` (`emitted` picks the event a command must have decided). */
  present: (answer: { input: Input; result: CommandResult<StateOf<A>, EventOf<A>> }) => object;
  /** Work that must follow the append before the client hears of it (e.g. scheduling a hold's expiry). */
  after?: (input: Input, result: CommandResult<StateOf<A>, EventOf<A>>, context: CommandContext) => Promise<void>;
  status?: number;
}

/**
 * A command endpoint: parse → decide and append on the aggregate's stream → answer, in a few
 * declarative lines. Errors go to the app's one error handler; the answer carries the position
 * written, which a client may hand back to a query (read-your-writes).
 */
export function commandRoute<A extends AnyAggregate, Input>(commands: CommandHandler, aggregate: A, route: CommandRoute<A, Input>): RequestHandler {
  return async (req: Request, res: Response) => {
    const input = await route.parse(req, res);
    const context = commandContext(res);
    const result: CommandResult<StateOf<A>, EventOf<A>> = await commands.handle(aggregate, route.toCommand(input), context);
    await route.after?.(input, result, context);
    res.status(route.status ?? 200).json({
      success: true,
      ...route.present({ input, result }),
      position: result.position,
    });
  };
}

/**
 * The event of `type` a command decided; its absence is a server fault (the decider answered a
 * command it should have refused or acted on with nothing), never the client's.
 */
export function emitted<Event extends { type: string }, Type extends Event['type']>(result: CommandResult<unknown, Event>, type: Type): Extract<Event, { type: Type }> {
  const event = result.events.find((e): e is Extract<Event, { type: Type }> => e.type === type);
  if (!event) throw new Error(`the command on ${result.stream} emitted no ${type}`);
  return event;
}
