import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Aggregate } from '@studio/domain';
import type { CommandContext, CommandHandler, CommandResult } from '@studio/platform';
import { commandContext } from './context';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyAggregate = Aggregate<any, any, any>;
type StateOf<A> = A extends Aggregate<infer State, infer _C, infer _E> ? State : never;
type CommandOf<A> = A extends Aggregate<infer _S, infer Command, infer _E> ? Command : never;
type EventOf<A> = A extends Aggregate<infer _S, infer _C, infer Event> ? Event : never;

/** A write's answer as its contract in domain/src/contracts/http has it: an object whose `success` is true. */
export type AnswerSchema = z.ZodObject<{ success: z.ZodLiteral<true> } & z.core.$ZodShape>;

/** What a route presents: the answer but `success` and `position`, which the helper writes. */
export type AnswerFields<Answer extends AnswerSchema> = Omit<z.input<Answer>, 'success' | 'position'>;

/** A write whose answer carries `position` must say where the event store stood after it. */
export type Positioned<Answer extends AnswerSchema> = 'position' extends keyof Answer['shape'] ? { position: string | null } : unknown;

/** What a write's step is given besides its input. */
interface WriteContext {
  /** One command on one aggregate, decided on the stream it names and appended, under `context`. */
  decide<A extends AnyAggregate>(aggregate: A, command: CommandOf<A>): Promise<CommandResult<StateOf<A>, EventOf<A>>>;
  /** Who writes and why: every event the step appends carries it (a workflow passes it on). */
  context: CommandContext;
  /** For the few steps whose outcome is a cookie (a session opened, revoked or closed). */
  req: Request;
  res: Response;
}

export interface WriteRoute<Input, Outcome, Answer extends AnswerSchema> {
  /** The answer's contract: the answer is typed by it, and checked against it before it goes out. */
  answer: Answer;
  status?: 200 | 201 | 202;
  /**
   * Reads the request at the edge (body, params, query, headers, the caller's session) and throws
   * the 400 naming the field, or the 401/403, before the step writes anything. `res` is for what
   * identifies the caller on the way (the visitor cookie, the actor).
   */
  parse: (req: Request, res: Response) => Input | Promise<Input>;
  /** The write: one aggregate's command (`write.decide(aggregate, command)`) or a workflow from @studio/platform. */
  run: (input: Input, write: WriteContext) => Promise<Outcome>;
  present: (outcome: Outcome, input: Input) => AnswerFields<Answer>;
}

export interface WriteRouteDeps {
  commands: CommandHandler;
  /** An answer outside its contract is a 500 (tests, development); otherwise it is logged and sent as it is. */
  strictAnswers?: boolean | undefined;
}

/**
 * Every write endpoint of command-api: parse → a command on one aggregate, or a workflow over
 * several → an answer typed by its contract. The one place a write's position goes into its answer
 * (when the contract has `position`), which a client hands back to a query to read its own write.
 * Errors go to the app's one error handler.
 */
export function writeRoute<Input, Outcome extends Positioned<Answer>, Answer extends AnswerSchema>(deps: WriteRouteDeps, route: WriteRoute<Input, Outcome, Answer>): RequestHandler {
  const positioned = 'position' in route.answer.shape;
  return async (req: Request, res: Response) => {
    const input = await route.parse(req, res);
    const context = commandContext(res);
    const decide: WriteContext['decide'] = (aggregate, command) => deps.commands.handle(aggregate, command, context);
    const outcome = await route.run(input, { decide, context, req, res });
    const body = {
      success: true,
      ...route.present(outcome, input),
      ...(positioned ? { position: (outcome as { position: string | null }).position } : {}),
    };
    const checked = route.answer.safeParse(body);
    if (!checked.success) {
      const drift = new Error(`${req.method} ${req.originalUrl} answered outside its contract:\n${z.prettifyError(checked.error)}`);
      if (deps.strictAnswers) throw drift;
      console.error(`[command-api] ${drift.message}`);
    }
    res.status(route.status ?? 200).json(body);
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
