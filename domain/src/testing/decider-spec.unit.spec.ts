import { describe, expect, it } from 'vitest';
import type { Decider } from '../decider';
import { DomainError } from '../errors';
import { spec } from './decider-spec';

type Event = { type: 'Added'; data: { n: number } };
type Command = { type: 'Add'; data: { n: number } };
/** A counter that refuses to pass 3: enough to see the helper fold events and catch errors. */
const counter: Decider<number, Command, Event> = {
  initialState: () => 0,
  decide: (command, total) => {
    if (total + command.data.n > 3) throw new DomainError('conflict', 'too_many', 'Слишком много');
    return [{ type: 'Added', data: { n: command.data.n } }];
  },
  evolve: (total, event) => total + event.data.n,
};
const add = (n: number): Command => ({ type: 'Add', data: { n } });
const added = (n: number): Event => ({ type: 'Added', data: { n } });

describe('decider spec helper', () => {
  it('folds the given events before deciding', () => {
    spec(counter).given([added(1), added(1)]).when(add(1)).then([added(1)]);
    spec(counter).given([added(1), added(1)]).when(add(2)).thenThrows('too_many', 'conflict');
  });

  it('fails when the events differ, when nothing is thrown, or when the code or kind differ', () => {
    expect(() => spec(counter).given([]).when(add(1)).then([added(2)])).toThrow();
    expect(() => spec(counter).given([]).when(add(1)).thenThrows('too_many')).toThrow();
    expect(() => spec(counter).given([added(3)]).when(add(1)).thenThrows('other')).toThrow();
    expect(() => spec(counter).given([added(3)]).when(add(1)).thenThrows('too_many', 'validation')).toThrow();
  });

  it('fails a decider that changes the state it decides on', () => {
    type Tally = { seen: string[] };
    const careless: Decider<Tally, Command, Event> = {
      initialState: () => ({ seen: [] }),
      decide: (command, tally) => {
        tally.seen.push('decided');
        return [{ type: 'Added', data: { n: command.data.n } }];
      },
      evolve: (tally) => tally,
    };
    expect(() => spec(careless).given([added(1)]).when(add(1)).then([added(1)])).toThrow(TypeError);
  });
});
