import { describe, expect, it } from 'vitest';
import { PROJECTION_NAMES } from '@studio/domain';
import { PROJECTIONS } from './projections';

describe('PROJECTIONS', () => {
  it('are the read models the contract names, which command-api lets operators rebuild', () => {
    expect(PROJECTIONS.map((p) => p.name).sort()).toEqual([...PROJECTION_NAMES].sort());
  });
});
