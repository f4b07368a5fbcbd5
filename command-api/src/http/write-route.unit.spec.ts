import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import express from 'express';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineAggregate, type Aggregate } from '@studio/domain';
import { errorHandler, parseInput, type CommandHandler, type CommandResult } from '@studio/platform';
import { correlation } from './context';
import { writeRoute } from './write-route';

type Added = { type: 'Added'; data: { id: string; by: number } };
type Add = { type: 'Add'; data: { id: string; by: number } };
const counter = defineAggregate<{ count: number }, Add, Added>({
  name: 'counter',
  initialState: () => ({ count: 0 }),
  decide: (command) => (command.data.by === 0 ? [] : [{ type: 'Added', data: command.data }]),
  evolve: (state, event) => ({ count: state.count + event.data.by }),
  events: { Added: z.object({ id: z.string(), by: z.number() }) },
  streamOf: (command) => `counter-${command.data.id}`,
});

/** Streams in memory, each event at the next position: enough to see what a route wrote and answered. */
function memoryCommands() {
  const streams = new Map<string, { type: string; data: unknown; position: string }[]>();
  let last = 0;
  const replay = <S, C, E extends { type: string; data: unknown }>(aggregate: Aggregate<S, C, E>, stream: string) =>
    (streams.get(stream) ?? []).reduce((state, event) => aggregate.decider.evolve(state, event as unknown as E), aggregate.decider.initialState());
  const commands: CommandHandler = {
    async handle<S, C, E extends { type: string; data: unknown }>(aggregate: Aggregate<S, C, E>, command: C): Promise<CommandResult<S, E>> {
      const stream = aggregate.streamOf(command);
      const events = aggregate.decider.decide(command, replay(aggregate, stream));
      const written = streams.get(stream) ?? [];
      for (const event of events) written.push({ ...event, position: String(++last).padStart(8, '0') });
      streams.set(stream, written);
      return { stream, events, state: replay(aggregate, stream), position: written.at(-1)?.position ?? null, nextExpectedRevision: null };
    },
    async read<S, C, E extends { type: string; data: unknown }>(aggregate: Aggregate<S, C, E>, stream: string) {
      return { state: replay(aggregate, stream), revision: null, position: streams.get(stream)?.at(-1)?.position ?? null };
    },
  };
  return { commands, streams };
}

const addBody = z.object({ by: z.number().int().max(10) });
const countAnswer = z.object({ success: z.literal(true), count: z.number().int().nonnegative(), position: z.string().nullable() });
const unpositionedAnswer = z.object({ success: z.literal(true), count: z.number() });

const { commands, streams } = memoryCommands();

function app(strictAnswers: boolean) {
  const deps = { commands, strictAnswers };
  return express()
    .use(correlation, express.json())
    .post(
      '/counters/:id',
      writeRoute(deps, {
        answer: countAnswer,
        status: 201,
        parse: (req) => ({ id: String(req.params.id), ...parseInput(addBody, req.body) }),
        run: (input, { decide }) => decide(counter, { type: 'Add', data: input }),
        present: ({ state }) => ({ count: state.count }),
      }),
    )
    .post(
      '/counters/:id/peek',
      writeRoute(deps, { answer: unpositionedAnswer, parse: (req) => String(req.params.id), run: async (id) => ({ count: id.length }), present: ({ count }) => ({ count }) }),
    )
    .use(errorHandler('write-route-spec'));
}

async function post(path: string, body: unknown, strict = true) {
  const listening = createServer(app(strict)).listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    await new Promise((resolve) => listening.close(resolve));
  }
}

afterEach(() => vi.restoreAllMocks());

describe('writeRoute', () => {
  it('answers with the status given, the fields presented and the position the write reached', async () => {
    const res = await post('/counters/a', { by: 3 });
    expect(res).toEqual({ status: 201, body: { success: true, count: 3, position: expect.any(String) } });
    expect(countAnswer.parse(res.body)).toEqual(res.body);
    expect(streams.get('counter-a')?.map((event) => event.position)).toEqual([res.body.position]);
  });

  it('refuses a bad body with 400 naming the field, and writes nothing', async () => {
    const res = await post('/counters/b', { by: 'three' });
    expect([res.status, res.body.field]).toEqual([400, 'by']);
    expect(streams.has('counter-b')).toBe(false);
  });

  it('writes no position into an answer whose contract has none', async () => {
    expect((await post('/counters/abc/peek', {})).body).toEqual({ success: true, count: 3 });
  });

  it('fails an answer outside its contract with 500 when strict, after saying what drifted', async () => {
    // A negative count is outside countAnswer; the write itself is done by then.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post('/counters/c', { by: -2 });
    expect(res.status).toBe(500);
    expect(String(logged.mock.calls.flat().find((arg) => arg instanceof Error)?.message)).toMatch(/POST \/counters\/c answered outside its contract[\s\S]*count/);
  });

  it('sends such an answer as it is when not strict, and logs the drift', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post('/counters/d', { by: -2 }, false);
    expect(res).toEqual({ status: 201, body: { success: true, count: -2, position: expect.any(String) } });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/answered outside its contract/));
  });
});
