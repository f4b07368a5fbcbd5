/** A decider (Emmett/Chassaing style): pure functions, no I/O. `now` comes from an injected clock. */
export interface Decider<State, Command, Event> {
  initialState: () => State;
  /** Never changes `state` (the Given/When/Then helper freezes it to hold every decider to that). */
  decide: (command: Command, state: State) => Event[];
  /**
   * The state after `event`. It may update the `state` it is given in place and return it: copying
   * a studio day's maps on every event made a full replay O(n²). So a caller hands the state over
   * and keeps only the result. Only the state object and the records, maps and arrays directly in
   * it are changed in place; a value inside them is replaced, never changed, which is what lets
   * `copyState` copy a state one level deep.
   */
  evolve: (state: State, event: Event) => State;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

function copyLevel(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (value instanceof Map) return new Map(value);
  if (value instanceof Set) return new Set(value);
  if (isPlainObject(value)) return { ...value };
  return value;
}

/**
 * A copy of `state` that a later `evolve` of the original cannot change: what a command handler
 * gives its caller while it keeps evolving its own. One level deep is enough (see `evolve`).
 */
export function copyState<State>(state: State): State {
  if (!isPlainObject(state)) return copyLevel(state) as State;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) copy[key] = copyLevel(value);
  return copy as State;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
