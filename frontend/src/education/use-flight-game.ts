import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { readBestScore, saveBestScore } from './best-score';
import { drawGame, readPalette } from './draw-game';
import { frameClock } from './fixed-step';
import { newGame, nextObstacle, restart, step, WORLD_HEIGHT, WORLD_WIDTH, type GamePhase, type GameState } from './game';
import { randomSeed } from './seeded-random';

interface GameView {
  phase: GamePhase;
  score: number;
  best: number;
  /** The finished game beat the record it started with. */
  newRecord: boolean;
}

export interface FlightGame {
  view: GameView;
  /** An upward impulse at the next tick; the first one starts the flight. */
  jump(): void;
  /** A new course, already in flight. */
  playAgain(): void;
  /** A new course waiting at the start screen. */
  toMenu(): void;
}

interface Options {
  /** A fixed course for browser tests; they also get the camera's and the next opening's heights on the canvas. */
  seed: number | null;
  reducedMotion: boolean;
}

/**
 * Runs the game on the canvas: a requestAnimationFrame loop that advances the pure game by whole
 * 60 Hz ticks, draws only when something changed, stops while the tab is hidden and picks up on
 * return as if no time had passed. React hears only of what the page shows: phase and scores.
 */
export function useFlightGame(canvasRef: RefObject<HTMLCanvasElement | null>, { seed, reducedMotion }: Options): FlightGame {
  const [firstGame] = useState(() => newGame(seed ?? randomSeed(), readBestScore()));
  const gameRef = useRef(firstGame);
  const jumpRequested = useRef(false);
  const reducedMotionRef = useRef(reducedMotion);
  const [view, setView] = useState<GameView>(() => ({ ...viewOf(firstGame), newRecord: false }));
  const viewRef = useRef(view);

  useEffect(() => {
    reducedMotionRef.current = reducedMotion;
  }, [reducedMotion]);

  const publish = useCallback((state: GameState) => {
    const shown = viewRef.current;
    if (state.phase === shown.phase && state.score === shown.score && state.best === shown.best) return;
    const next = { ...viewOf(state), newRecord: state.phase === 'over' && state.score > shown.best };
    if (next.newRecord) saveBestScore(state.best);
    viewRef.current = next;
    setView(next);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let palette = readPalette(canvas);
    const clock = frameClock();
    let frame = 0;
    let drawn: GameState | null = null;

    const draw = (time: number) => {
      const state = gameRef.current;
      drawGame(context, state, palette, { time, reducedMotion: reducedMotionRef.current });
      drawn = state;
      if (seed !== null) {
        canvas.dataset.cameraY = state.cameraY.toFixed(1);
        canvas.dataset.gapY = nextObstacle(state)?.gapY.toFixed(1) ?? '';
      }
    };

    const onFrame = (time: number) => {
      frame = requestAnimationFrame(onFrame);
      const ticks = clock.ticksAt(time);
      let state = gameRef.current;
      for (let tick = 0; tick < ticks; tick += 1) {
        state = step(state, { jump: jumpRequested.current });
        jumpRequested.current = false;
      }
      gameRef.current = state;
      publish(state);
      const hovering = state.phase === 'ready' && !reducedMotionRef.current;
      if (state !== drawn || hovering) draw(time);
    };

    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(canvas.clientWidth * ratio);
      canvas.width = width;
      canvas.height = Math.round((width * WORLD_HEIGHT) / WORLD_WIDTH);
      palette = readPalette(canvas);
      draw(performance.now());
    };
    const sizes = new ResizeObserver(resize);
    sizes.observe(canvas);

    const start = () => {
      if (frame === 0) frame = requestAnimationFrame(onFrame);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') return start();
      cancelAnimationFrame(frame);
      frame = 0;
      // The hidden time does not exist for the game.
      clock.pause();
    };
    document.addEventListener('visibilitychange', onVisibility);
    // The score's face is drawn on the canvas, where a font is not fetched by using it.
    document.fonts?.load(`600 52px ${palette.displayFont}`).then(() => (drawn = null), () => undefined);
    if (document.visibilityState === 'visible') start();

    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [canvasRef, publish, seed]);

  const jump = useCallback(() => {
    if (gameRef.current.phase !== 'over') jumpRequested.current = true;
  }, []);

  const replace = useCallback(
    (state: GameState) => {
      jumpRequested.current = false;
      gameRef.current = state;
      publish(state);
    },
    [publish],
  );
  const playAgain = useCallback(() => replace(step(restart(gameRef.current), { jump: true })), [replace]);
  const toMenu = useCallback(() => replace(restart(gameRef.current)), [replace]);

  return { view, jump, playAgain, toMenu };
}

function viewOf(state: GameState): Omit<GameView, 'newRecord'> {
  return { phase: state.phase, score: state.score, best: state.best };
}
