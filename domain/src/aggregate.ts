import type { z } from 'zod';
import type { Decider } from './decider';

/** Every event type with the schema its data must satisfy; a schema's input may differ from its output (defaults, upcasts). */
export type EventSchemas<Event extends { type: string; data: unknown }> = {
  readonly [K in Event['type']]: z.ZodType<Extract<Event, { type: K }>['data'], unknown>;
};

/**
 * Everything the command side needs to run a decider against the event store, bound once per
 * aggregate: which stream a command lands on and how its events are checked on the way in and out.
 */
export interface Aggregate<State, Command, Event extends { type: string; data: unknown }> {
  /** e.g. 'studio-day'; names the aggregate in errors. */
  name: string;
  decider: Decider<State, Command, Event>;
  /**
   * Parsed on append and when read back. A schema that accepts an older shape and returns the
   * current one (a `z.preprocess` or a union with a transform) is where an upcast goes.
   */
  events: EventSchemas<Event>;
  /** The stream a command is decided on. */
  streamOf(command: Command): string;
}

/** An aggregate as it is written: its decider's three functions beside its name, schemas and stream. */
export type AggregateDefinition<State, Command, Event extends { type: string; data: unknown }> = Omit<Aggregate<State, Command, Event>, 'decider'> &
  Decider<State, Command, Event>;

/** Binds a decider to its event schemas and stream, once; `aggregate.decider` is what specs run. */
export function defineAggregate<State, Command, Event extends { type: string; data: unknown }>(
  definition: AggregateDefinition<State, Command, Event>,
): Aggregate<State, Command, Event> {
  const { name, events, streamOf, initialState, decide, evolve } = definition;
  return { name, events, streamOf, decider: { initialState, decide, evolve } };
}
