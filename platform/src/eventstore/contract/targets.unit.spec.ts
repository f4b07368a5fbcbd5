import { describe, expect, it } from 'vitest';
import { selectedKinds } from './targets';

describe('EVENT_STORES picks the adapters the contract suite runs against', () => {
  it('runs every adapter when unset or blank', () => {
    expect([...selectedKinds(undefined)]).toEqual(['postgres', 'esdb']);
    expect([...selectedKinds(' ')]).toEqual(['postgres', 'esdb']);
  });

  it('runs only the named ones', () => {
    expect([...selectedKinds('esdb')]).toEqual(['esdb']);
    expect([...selectedKinds('postgres, esdb')]).toEqual(['postgres', 'esdb']);
  });

  it('refuses a name it does not know rather than testing nothing', () => {
    expect(() => selectedKinds('postgress')).toThrow(/unknown adapters: postgress/);
  });
});
