import { describe, expect, it } from 'vitest';
import {
  CAMERA_RADIUS,
  CAMERA_X,
  GAP_HEIGHT,
  GROUND_Y,
  MAX_SPEED,
  newGame,
  nextObstacle,
  OBSTACLE_WIDTH,
  restart,
  speedFor,
  START_SPEED,
  step,
  type GameState,
  type Obstacle,
} from './game';

const FLY = { jump: false };
const JUMP = { jump: true };

/** A game in flight at mid-height; with no obstacles given, the only one is far ahead. */
function flying(overrides: Partial<GameState> = {}): GameState {
  return { ...newGame(1), phase: 'playing', cameraY: 300, velocity: 0, ...overrides };
}

/** An obstacle whose left edge is at `x` and whose opening is centred on the camera's height. */
function obstacleAt(x: number, gapY = 300): Obstacle {
  return { x, gapY, passed: false };
}

function run(state: GameState, ticks: number): GameState {
  let current = state;
  for (let tick = 0; tick < ticks; tick += 1) current = step(current, FLY);
  return current;
}

describe('camera flight', () => {
  it('gravity adds 0.42 to the downward velocity every tick and the camera falls by it', () => {
    const first = step(flying(), FLY);
    expect(first.velocity).toBeCloseTo(0.42, 10);
    expect(first.cameraY).toBeCloseTo(300.42, 10);
    const second = step(first, FLY);
    expect(second.velocity).toBeCloseTo(0.84, 10);
    expect(second.cameraY).toBeCloseTo(301.26, 10);
  });

  it('a jump sets the velocity to −8.5 whatever it was, and the camera rises by it', () => {
    const falling = step(flying({ velocity: 6 }), JUMP);
    expect(falling.velocity).toBe(-8.5);
    expect(falling.cameraY).toBe(291.5);
    expect(step(flying({ velocity: -3 }), JUMP).velocity).toBe(-8.5);
  });

  it('waits at the start until the first impulse, which starts the flight', () => {
    const ready = newGame(1);
    expect(step(ready, FLY)).toBe(ready);
    const started = step(ready, JUMP);
    expect(started.phase).toBe('playing');
    expect(started.velocity).toBe(-8.5);
    expect(started.speed).toBe(START_SPEED);
  });

  it('moves the obstacles towards the camera by the current speed', () => {
    const state = flying({ obstacles: [obstacleAt(300)], speed: 4.1 });
    expect(step(state, FLY).obstacles[0]?.x).toBeCloseTo(295.9, 10);
  });

  it('the ceiling stops the camera without ending the game', () => {
    const top = step(flying({ cameraY: CAMERA_RADIUS + 2 }), JUMP);
    expect(top.phase).toBe('playing');
    expect(top.cameraY).toBe(CAMERA_RADIUS);
    expect(top.velocity).toBe(0);
  });
});

describe('score and speed', () => {
  // Its right edge leaves the camera's left edge behind within one tick at the starting speed.
  const aboutToPass = obstacleAt(CAMERA_X - CAMERA_RADIUS - OBSTACLE_WIDTH + START_SPEED - 0.5);

  it('passing an obstacle scores one point, once, and speeds the course up by 0.15', () => {
    const passed = step(flying({ obstacles: [aboutToPass] }), FLY);
    expect(passed.score).toBe(1);
    expect(passed.speed).toBeCloseTo(3.35, 10);
    const later = run(passed, 5);
    expect(later.phase).toBe('playing');
    expect(later.score).toBe(1);
    expect(later.speed).toBeCloseTo(3.35, 10);
  });

  it('an obstacle the camera is still inside does not score', () => {
    const inside = step(flying({ obstacles: [obstacleAt(CAMERA_X - OBSTACLE_WIDTH / 2)] }), FLY);
    expect(inside.score).toBe(0);
    expect(inside.speed).toBe(START_SPEED);
  });

  it('speed rises from 3.2 by 0.15 per obstacle and stops at 8', () => {
    expect(speedFor(0)).toBe(3.2);
    expect(speedFor(1)).toBeCloseTo(3.35, 10);
    expect(speedFor(31)).toBeCloseTo(7.85, 10);
    expect(speedFor(32)).toBe(MAX_SPEED);
    expect(speedFor(500)).toBe(MAX_SPEED);
    const fast = step(flying({ obstacles: [obstacleAt(aboutToPass.x - 5)], score: 40, speed: MAX_SPEED }), FLY);
    expect(fast.score).toBe(41);
    expect(fast.speed).toBe(MAX_SPEED);
  });
});

describe('game over', () => {
  it('hitting the column above the opening ends the game', () => {
    const state = flying({ cameraY: 300 - GAP_HEIGHT / 2, obstacles: [obstacleAt(CAMERA_X - 10)] });
    expect(step(state, FLY).phase).toBe('over');
  });

  it('hitting the column below the opening ends the game', () => {
    const state = flying({ cameraY: 300 + GAP_HEIGHT / 2 - 4, velocity: 3, obstacles: [obstacleAt(CAMERA_X - 10)] });
    expect(step(state, FLY).phase).toBe('over');
  });

  it('grazing an obstacle’s corner with the round outline ends it; passing clear of it does not', () => {
    // The corner is 12 left and 12 above the camera's centre: √288 ≈ 17 > 16, a miss.
    const corner = (dy: number) =>
      flying({ cameraY: 300 - GAP_HEIGHT / 2 + dy, speed: 0, obstacles: [obstacleAt(CAMERA_X + 12)] });
    expect(step(corner(12), FLY).phase).toBe('playing');
    expect(step(corner(8), FLY).phase).toBe('over');
  });

  it('hitting the ground ends the game with the camera resting on it', () => {
    const over = step(flying({ cameraY: GROUND_Y - CAMERA_RADIUS - 3, velocity: 5 }), FLY);
    expect(over.phase).toBe('over');
    expect(over.cameraY).toBe(GROUND_Y - CAMERA_RADIUS);
  });

  it('a finished game stands still and ignores impulses', () => {
    const over = { ...flying(), phase: 'over' as const };
    expect(step(over, JUMP)).toBe(over);
    expect(step(over, FLY)).toBe(over);
  });

  it('records the score as the best only when it beats it', () => {
    const falling = { cameraY: GROUND_Y - CAMERA_RADIUS - 1, velocity: 5 };
    expect(step(flying({ ...falling, score: 5, best: 3 }), FLY).best).toBe(5);
    expect(step(flying({ ...falling, score: 2, best: 3 }), FLY).best).toBe(3);
  });

  it('restart clears the course and the score and keeps the best score', () => {
    const over = step(flying({ cameraY: GROUND_Y - CAMERA_RADIUS - 1, velocity: 5, score: 7, best: 4, speed: 4.25 }), FLY);
    const again = restart(over);
    expect(again.phase).toBe('ready');
    expect(again.score).toBe(0);
    expect(again.best).toBe(7);
    expect(again.speed).toBe(START_SPEED);
    expect(again.velocity).toBe(0);
    expect(again.cameraY).toBe(newGame(1).cameraY);
    expect(again.obstacles).toHaveLength(1);
    expect(again.obstacles[0]?.x).toBeGreaterThan(CAMERA_X + 300);
  });
});

describe('course', () => {
  it('the same seed lays out the same openings, another seed others', () => {
    expect(newGame(42).obstacles).toEqual(newGame(42).obstacles);
    expect(newGame(42).obstacles[0]?.gapY).not.toBe(newGame(43).obstacles[0]?.gapY);
  });

  it('lays out openings clear of ceiling and floor, each within 150 of the last, up to full speed and beyond', () => {
    for (const seed of [1, 7, 2024, 4_000_000_000]) {
      let state = step(newGame(seed), JUMP);
      // Each obstacle by where it stands on the course, which scrolling does not change.
      const course = new Map<number, number>();
      while (state.phase === 'playing' && state.score < 100) {
        // A ghost player that always sits in the middle of the opening it has to pass next.
        const target = nextObstacle(state);
        state = step({ ...state, cameraY: target?.gapY ?? state.cameraY, velocity: 0 }, FLY);
        for (const obstacle of state.obstacles) course.set(Math.round(obstacle.x + state.distance), obstacle.gapY);
      }
      const gaps = [...course.entries()].sort(([a], [b]) => a - b).map(([, gapY]) => gapY);
      expect({ seed, phase: state.phase, score: state.score, speed: state.speed }).toEqual({ seed, phase: 'playing', score: 100, speed: MAX_SPEED });
      expect(gaps.length).toBeGreaterThan(100);
      for (const gapY of gaps) {
        expect(gapY - GAP_HEIGHT / 2).toBeGreaterThanOrEqual(50);
        expect(gapY + GAP_HEIGHT / 2).toBeLessThanOrEqual(GROUND_Y - 50);
      }
      gaps.slice(1).forEach((gapY, i) => expect(Math.abs(gapY - (gaps[i] ?? gapY))).toBeLessThanOrEqual(150));
    }
  });
});
