// Paints a game state on a canvas whose backing store may be any size: everything is drawn in
// world units and scaled once.
import {
  CAMERA_RADIUS,
  CAMERA_X,
  GAP_HEIGHT,
  GROUND_Y,
  OBSTACLE_WIDTH,
  WORLD_HEIGHT,
  WORLD_WIDTH,
  type GameState,
  type Obstacle,
} from './game';

/** The site's colours (styles/tokens.css), read from the page so the game follows any change there. */
export interface Palette {
  paper: string;
  paperDeep: string;
  surface: string;
  ink: string;
  night: string;
  nightSoft: string;
  accent: string;
  accentTint: string;
  line: string;
  displayFont: string;
}

export function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    paper: token('--color-paper'),
    paperDeep: token('--color-paper-deep'),
    surface: token('--color-surface'),
    ink: token('--color-ink'),
    night: token('--color-night'),
    nightSoft: token('--color-night-soft'),
    accent: token('--color-accent'),
    accentTint: token('--color-accent-tint'),
    line: token('--color-line'),
    displayFont: token('--font-display'),
  };
}

export interface Scene {
  /** Milliseconds of page time, for the camera's hover before the start. */
  time: number;
  /** No hover, no tilt, no drifting backdrop. */
  reducedMotion: boolean;
}

const RIM = 12;
const SEAM_SPACING = 140;

export function drawGame(context: CanvasRenderingContext2D, state: GameState, palette: Palette, scene: Scene): void {
  const { canvas } = context;
  context.setTransform(canvas.width / WORLD_WIDTH, 0, 0, canvas.height / WORLD_HEIGHT, 0, 0);
  drawBackdrop(context, state, palette, scene);
  for (const obstacle of state.obstacles) drawObstacle(context, obstacle, palette);
  drawFloor(context, state, palette);
  drawCamera(context, state, palette, scene);
  // The start and game-over screens show the scores themselves.
  if (state.phase === 'playing') drawScore(context, state.score, palette);
}

function drawBackdrop(context: CanvasRenderingContext2D, state: GameState, palette: Palette, scene: Scene): void {
  const paper = context.createLinearGradient(0, 0, 0, GROUND_Y);
  paper.addColorStop(0, palette.paper);
  paper.addColorStop(1, palette.paperDeep);
  context.fillStyle = paper;
  context.fillRect(0, 0, WORLD_WIDTH, GROUND_Y);

  // A warm pool of light, as from a lamp just outside the frame.
  const glow = context.createRadialGradient(WORLD_WIDTH * 0.78, 40, 10, WORLD_WIDTH * 0.78, 40, 320);
  glow.addColorStop(0, 'rgb(255 250 240 / 0.9)');
  glow.addColorStop(1, 'rgb(255 250 240 / 0)');
  context.fillStyle = glow;
  context.fillRect(0, 0, WORLD_WIDTH, GROUND_Y);

  // Seams of the paper backdrop drift slower than the course, which gives the room depth.
  const drift = scene.reducedMotion ? 0 : (state.distance * 0.25) % SEAM_SPACING;
  context.strokeStyle = palette.line;
  context.lineWidth = 1;
  context.beginPath();
  for (let x = SEAM_SPACING / 2 - drift; x < WORLD_WIDTH; x += SEAM_SPACING) {
    context.moveTo(x, 0);
    context.lineTo(x, GROUND_Y);
  }
  context.stroke();
}

/** Each obstacle is a pair of tall softboxes, their bronze rims facing the opening. */
function drawObstacle(context: CanvasRenderingContext2D, obstacle: Obstacle, palette: Palette): void {
  const gapTop = obstacle.gapY - GAP_HEIGHT / 2;
  const gapBottom = obstacle.gapY + GAP_HEIGHT / 2;
  const { x } = obstacle;

  context.fillStyle = palette.night;
  context.fillRect(x, 0, OBSTACLE_WIDTH, gapTop);
  context.fillRect(x, gapBottom, OBSTACLE_WIDTH, GROUND_Y - gapBottom);

  // A lighter inner panel keeps the columns from reading as flat holes.
  context.fillStyle = palette.nightSoft;
  context.fillRect(x + 8, 0, OBSTACLE_WIDTH - 16, gapTop - RIM);
  context.fillRect(x + 8, gapBottom + RIM, OBSTACLE_WIDTH - 16, GROUND_Y - gapBottom - RIM);

  context.fillStyle = palette.accent;
  context.fillRect(x, gapTop - RIM, OBSTACLE_WIDTH, RIM);
  context.fillRect(x, gapBottom, OBSTACLE_WIDTH, RIM);
}

function drawFloor(context: CanvasRenderingContext2D, state: GameState, palette: Palette): void {
  context.fillStyle = palette.nightSoft;
  context.fillRect(0, GROUND_Y, WORLD_WIDTH, WORLD_HEIGHT - GROUND_Y);
  context.fillStyle = palette.accent;
  context.fillRect(0, GROUND_Y, WORLD_WIDTH, 3);

  // Floorboards move with the course, so the speed-up can be felt.
  const offset = state.distance % 48;
  context.strokeStyle = palette.night;
  context.lineWidth = 2;
  context.beginPath();
  for (let x = -offset; x < WORLD_WIDTH + 48; x += 48) {
    context.moveTo(x, GROUND_Y + 3);
    context.lineTo(x - 24, WORLD_HEIGHT);
  }
  context.stroke();
}

function drawCamera(context: CanvasRenderingContext2D, state: GameState, palette: Palette, scene: Scene): void {
  const hover = state.phase === 'ready' && !scene.reducedMotion ? Math.sin(scene.time / 320) * 6 : 0;
  const tilt = scene.reducedMotion || state.phase === 'ready' ? 0 : Math.max(-0.35, Math.min(0.5, state.velocity * 0.05));
  context.save();
  context.translate(CAMERA_X, state.cameraY + hover);
  context.rotate(tilt);

  // Body, a little wider than the round hit area, as a real camera is.
  context.fillStyle = palette.ink;
  context.beginPath();
  context.roundRect(-CAMERA_RADIUS - 4, -CAMERA_RADIUS + 5, 2 * CAMERA_RADIUS + 8, 2 * CAMERA_RADIUS - 6, 5);
  context.fill();
  // Viewfinder hump and the shutter button.
  context.fillRect(-8, -CAMERA_RADIUS, 14, 6);
  context.fillStyle = palette.accent;
  context.fillRect(-CAMERA_RADIUS + 1, -CAMERA_RADIUS + 1, 7, 4);

  context.fillStyle = palette.accent;
  context.beginPath();
  context.arc(3, 3, 10, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = palette.night;
  context.beginPath();
  context.arc(3, 3, 6.5, 0, Math.PI * 2);
  context.fill();
  context.fillStyle = palette.accentTint;
  context.beginPath();
  context.arc(0.5, 0.5, 2, 0, Math.PI * 2);
  context.fill();
  context.restore();
}

/** The score on a small paper card, legible over the light backdrop and the dark columns alike. */
function drawScore(context: CanvasRenderingContext2D, score: number, palette: Palette): void {
  const text = String(score);
  context.font = `600 52px ${palette.displayFont}`;
  const width = Math.max(64, context.measureText(text).width + 32);
  context.fillStyle = palette.surface;
  context.strokeStyle = palette.line;
  context.lineWidth = 1;
  context.beginPath();
  context.roundRect(WORLD_WIDTH / 2 - width / 2, 22, width, 64, 4);
  context.fill();
  context.stroke();
  context.fillStyle = palette.ink;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, WORLD_WIDTH / 2, 56);
}
