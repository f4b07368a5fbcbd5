// The camera-flight game as pure data: one `step` is one 60 Hz tick, distances are in world
// units (the canvas scales the world to its width), velocities in units per tick.
import { nextRandom } from './seeded-random';

/** The spec's game constants (docs/site.md#constants). */
const GRAVITY = 0.42;
const JUMP_IMPULSE = 8.5;
export const START_SPEED = 3.2;
export const MAX_SPEED = 8;
const SPEED_STEP = 0.15;
export const OBSTACLE_WIDTH = 70;

export const WORLD_WIDTH = 420;
export const WORLD_HEIGHT = 600;
export const GROUND_Y = 540;
export const CAMERA_X = 110;
export const CAMERA_RADIUS = 16;
export const GAP_HEIGHT = 180;
const OBSTACLE_SPACING = 250;
const FIRST_OBSTACLE_X = WORLD_WIDTH + 40;
const GAP_MARGIN = 50;
const MIN_GAP_Y = GAP_MARGIN + GAP_HEIGHT / 2;
const MAX_GAP_Y = GROUND_Y - GAP_MARGIN - GAP_HEIGHT / 2;
// Between two obstacles the camera has about 18 ticks at top speed, in which a fall from rest
// covers some 70 units; with the 148 units of room in an opening, no shift above 220 could be
// flown at all, and 150 leaves a human some margin.
const MAX_GAP_SHIFT = 150;

export type GamePhase = 'ready' | 'playing' | 'over';

export interface Obstacle {
  /** Left edge. */
  readonly x: number;
  /** Centre of the opening between the upper and the lower part. */
  readonly gapY: number;
  readonly passed: boolean;
}

export interface GameState {
  readonly phase: GamePhase;
  /** Centre of the camera; it flies at CAMERA_X. */
  readonly cameraY: number;
  /** Positive is down. */
  readonly velocity: number;
  readonly speed: number;
  readonly obstacles: readonly Obstacle[];
  readonly score: number;
  readonly best: number;
  /** How far the course has scrolled, for the floor's pattern. */
  readonly distance: number;
  /** The generator's state for the next opening. */
  readonly random: number;
}

export interface GameInput {
  /** The player asked for an upward impulse since the previous tick. */
  readonly jump: boolean;
}

export function newGame(seed: number, best = 0): GameState {
  const { value, state } = nextRandom(seed);
  return {
    phase: 'ready',
    cameraY: WORLD_HEIGHT * 0.35,
    velocity: 0,
    speed: START_SPEED,
    obstacles: [{ x: FIRST_OBSTACLE_X, gapY: MIN_GAP_Y + value * (MAX_GAP_Y - MIN_GAP_Y), passed: false }],
    score: 0,
    best,
    distance: 0,
    random: state,
  };
}

/** A fresh course that keeps the best score and goes on with the same generator. */
export function restart(state: GameState): GameState {
  return newGame(state.random, Math.max(state.best, state.score));
}

export function speedFor(score: number): number {
  return Math.min(MAX_SPEED, START_SPEED + SPEED_STEP * score);
}

export function step(state: GameState, input: GameInput): GameState {
  if (state.phase === 'over' || (state.phase === 'ready' && !input.jump)) return state;

  const velocity = input.jump ? -JUMP_IMPULSE : state.velocity + GRAVITY;
  let cameraY = state.cameraY + velocity;
  // The ceiling stops the camera instead of ending the game, as the ground would.
  const atCeiling = cameraY < CAMERA_RADIUS;
  if (atCeiling) cameraY = CAMERA_RADIUS;

  let score = state.score;
  const moved = state.obstacles.map((obstacle) => {
    const x = obstacle.x - state.speed;
    const passed = obstacle.passed || x + OBSTACLE_WIDTH < CAMERA_X - CAMERA_RADIUS;
    if (passed && !obstacle.passed) score += 1;
    return { x, gapY: obstacle.gapY, passed };
  });
  const { obstacles, random } = withNextObstacle(
    moved.filter((obstacle) => obstacle.x + OBSTACLE_WIDTH > 0),
    state.random,
  );

  const crashed = cameraY + CAMERA_RADIUS >= GROUND_Y || obstacles.some((obstacle) => hits(obstacle, cameraY));
  return {
    phase: crashed ? 'over' : 'playing',
    cameraY: Math.min(cameraY, GROUND_Y - CAMERA_RADIUS),
    velocity: atCeiling ? 0 : velocity,
    speed: speedFor(score),
    obstacles,
    score,
    best: crashed ? Math.max(state.best, score) : state.best,
    distance: state.distance + state.speed,
    random,
  };
}

/** The obstacle the camera has to fly through next (the one it is in, or the first ahead). */
export function nextObstacle(state: GameState): Obstacle | undefined {
  return state.obstacles.find((obstacle) => !obstacle.passed);
}

function withNextObstacle(obstacles: Obstacle[], random: number): { obstacles: Obstacle[]; random: number } {
  const last = obstacles[obstacles.length - 1];
  const lastX = last?.x ?? FIRST_OBSTACLE_X - OBSTACLE_SPACING;
  if (lastX + OBSTACLE_SPACING > WORLD_WIDTH + OBSTACLE_WIDTH) return { obstacles, random };
  const draw = nextRandom(random);
  const from = last?.gapY ?? (MIN_GAP_Y + MAX_GAP_Y) / 2;
  const gapY = clamp(from + (draw.value * 2 - 1) * MAX_GAP_SHIFT, MIN_GAP_Y, MAX_GAP_Y);
  return { obstacles: [...obstacles, { x: lastX + OBSTACLE_SPACING, gapY, passed: false }], random: draw.state };
}

/** The camera is a circle; an obstacle is a full-width column above and one below its opening. */
function hits(obstacle: Obstacle, cameraY: number): boolean {
  const left = obstacle.x;
  const right = obstacle.x + OBSTACLE_WIDTH;
  return (
    circleMeetsBox(cameraY, left, right, -Infinity, obstacle.gapY - GAP_HEIGHT / 2) ||
    circleMeetsBox(cameraY, left, right, obstacle.gapY + GAP_HEIGHT / 2, GROUND_Y)
  );
}

function circleMeetsBox(cameraY: number, left: number, right: number, top: number, bottom: number): boolean {
  const dx = CAMERA_X - clamp(CAMERA_X, left, right);
  const dy = cameraY - clamp(cameraY, top, bottom);
  return dx * dx + dy * dy < CAMERA_RADIUS * CAMERA_RADIUS;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
