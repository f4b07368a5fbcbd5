import { expect } from 'vitest';
import type { Decider } from '../decider';
import { DomainError, type DomainErrorKind } from '../errors';

/**
 * Given/When/Then for deciders (Emmett style):
 * `spec(decider).given([...past events]).when(command).then([...new events])`
 * or `.thenThrows('slot_taken')`. The state is rebuilt with `evolve` exactly as the command side
 * does it from a stream, so a test also proves that evolve understands every event it sees. The
 * state is frozen before `decide` sees it: a decider that changes its state fails its tests.
 * Test-only: it imports vitest, so it is not exported from the package index.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function spec<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, deepFreeze(events.reduce(decider.evolve, decider.initialState())));
          return {
            then(expected: Event[]): Event[] {
              const actual = decide();
              expect(actual).toEqual(expected);
              return actual;
            },
            thenThrows(code: string, kind?: DomainErrorKind): DomainError {
              let thrown: unknown;
              try {
                decide();
              } catch (e) {
                thrown = e;
              }
              expect(thrown, `expected DomainError '${code}'`).toBeInstanceOf(DomainError);
              const error = thrown as DomainError;
              expect(error.code).toBe(code);
              if (kind) expect(error.kind).toBe(kind);
              return error;
            },
          };
        },
      };
    },
  };
}
