/** A decider (Emmett/Chassaing style): pure functions, no I/O. `now` comes from an injected clock. */
export interface Decider<State, Command, Event> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
