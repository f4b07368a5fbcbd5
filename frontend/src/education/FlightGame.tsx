import { useEffect, useRef, type PointerEvent } from 'react';
import { useMediaQuery } from '../ui/use-media-query';
import { WORLD_HEIGHT, WORLD_WIDTH } from './game';
import { useFlightGame } from './use-flight-game';

const JUMP_CODES = new Set(['Space', 'ArrowUp', 'KeyW']);
// For keyboards that report no code (some on-screen ones); «ц» is W on the Russian layout.
const JUMP_KEYS = new Set([' ', 'ArrowUp', 'w', 'W', 'ц', 'Ц']);
const CONTROLS = 'button, a, input, textarea, select, [contenteditable]';

/** The camera-flight mini-game: canvas, start and game-over screens, keyboard and touch input. */
export function FlightGame({ seed }: { seed: number | null }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const againRef = useRef<HTMLButtonElement>(null);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { view, jump, playAgain, toMenu } = useFlightGame(canvasRef, { seed, reducedMotion });
  const { phase, score, best, newRecord } = view;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(JUMP_CODES.has(event.code) || JUMP_KEYS.has(event.key)) || event.altKey || event.ctrlKey || event.metaKey) return;
      // Space on a focused button or link is that control's own; typing is never a jump.
      if (event.target instanceof Element && event.target.closest(CONTROLS)) return;
      event.preventDefault();
      if (!event.repeat) jump();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [jump]);

  // Keyboard focus follows the screens, so the next key press always has something to act on:
  // the button that started a flight disappears with its screen, and focus stays in the game.
  const shownPhase = useRef(phase);
  const startedByButton = useRef(false);
  useEffect(() => {
    const previous = shownPhase.current;
    shownPhase.current = phase;
    if (previous === phase) return;
    if (phase === 'over') againRef.current?.focus({ preventScroll: true });
    else if (phase === 'ready') playRef.current?.focus({ preventScroll: true });
    else if (startedByButton.current) stageRef.current?.focus({ preventScroll: true });
    startedByButton.current = false;
  }, [phase]);

  const start = (again: () => void) => {
    startedByButton.current = true;
    again();
    // On a phone the course may start below the fold; bring all of it into view.
    stageRef.current?.scrollIntoView({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target instanceof Element && event.target.closest(CONTROLS))) return;
    jump();
  };

  return (
    <section className="flight-game" aria-labelledby="flight-game-title" data-game-state={phase} data-score={score}>
      <div className="flight-game__header">
        <h2 id="flight-game-title">Полёт камеры</h2>
        <p className="flight-game__best">
          Рекорд: <span data-best-score>{best}</span>
        </p>
      </div>
      <div ref={stageRef} className="flight-game__stage" tabIndex={-1} onPointerDown={onPointerDown}>
        <canvas
          ref={canvasRef}
          className="flight-game__canvas"
          width={WORLD_WIDTH}
          height={WORLD_HEIGHT}
          role="img"
          aria-label="Игровое поле: камера летит между стойками со светом"
        />
        {phase === 'ready' && (
          <div className="flight-game__screen">
            <p className="flight-game__screen-text">
              Проведите камеру между стойками со светом. Взлёт&nbsp;— пробел, стрелка вверх, W или касание поля.
            </p>
            <button ref={playRef} type="button" className="button" onClick={() => start(jump)}>
              Играть
            </button>
          </div>
        )}
        {phase === 'over' && (
          <div className="flight-game__screen flight-game__screen--over">
            <p className="eyebrow">Игра окончена</p>
            <p className="flight-game__final">
              {score} <span>{pluralObstacles(score)}</span>
            </p>
            <p className="flight-game__screen-text">{newRecord ? 'Новый рекорд!' : `Рекорд: ${best}`}</p>
            <div className="flight-game__actions">
              <button ref={againRef} type="button" className="button" onClick={() => start(playAgain)}>
                Заново
              </button>
              <button type="button" className="flight-game__menu" onClick={toMenu}>
                В меню
              </button>
            </div>
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {phase === 'playing' && score > 0 ? `Счёт: ${score}` : ''}
        {phase === 'over' ? `Игра окончена. Счёт: ${score}. ${newRecord ? 'Новый рекорд!' : `Рекорд: ${best}.`}` : ''}
      </p>
    </section>
  );
}

/** «1 стойка», «3 стойки», «5 стоек». */
function pluralObstacles(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return 'стоек';
  if (ones === 1) return 'стойка';
  return ones >= 2 && ones <= 4 ? 'стойки' : 'стоек';
}
