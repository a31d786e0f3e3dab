// Issue 37 item 3: a thread's frame loop notices when its frames run late and lowers what it costs
// before frames drop. What it measures per drawing frame: how long the animation frame came after
// it was asked for (a thread that is busy, or a machine that is, answers late) and how long the
// frame's own work took. What it changes: widgets that may wait (the tape, the chart, the depth
// chart) draw only every 2nd or 4th frame; the order book draws every frame it changes. The feed's
// credit (one feed frame per drawn frame) already coalesces harder when frames come late.

/** What a thread's loop reports of its load (the page's indicator shows it). */
export interface FrameLoad {
  /** 0 normal; 1 deferrable widgets every 2nd frame; 2 every 4th. */
  level: 0 | 1 | 2;
  /** Deferrable widgets draw every `stride`-th frame. */
  stride: number;
  /** Over the last window of drawing frames: how late the frame came after it was asked for (ms). */
  lateP50: number;
  lateP95: number;
  /** And how long its own work took (ms). */
  workP95: number;
  /** Frames noted so far. */
  frames: number;
  /** Times the level went up. */
  raised: number;
}

const STRIDES = [1, 2, 4] as const;
/** Frames looked at before a change of level, and between changes. */
export const GOVERNOR_WINDOW = 30;
/** Frames of ease needed before the level goes back down (about two seconds at 60 Hz). */
export const GOVERNOR_CALM_FRAMES = 120;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export class FrameGovernor {
  private late: number[] = [];
  private work: number[] = [];
  private easy = 0;
  private sinceChange = 0;
  private lvl: 0 | 1 | 2 = 0;
  private noted = 0;
  private ups = 0;

  /** `periodMs`: the display's frame period (16.7 at 60 Hz). `onChange` hears each change of level. */
  constructor(
    private readonly periodMs = 1000 / 60,
    private readonly onChange: (load: FrameLoad) => void = () => {},
  ) {}

  get level(): 0 | 1 | 2 {
    return this.lvl;
  }

  get stride(): number {
    return STRIDES[this.lvl];
  }

  /** A drawing frame: it came `lateMs` after it was asked for, and its work took `workMs`. */
  note(lateMs: number, workMs: number): void {
    this.noted++;
    this.sinceChange++;
    this.late.push(Math.max(0, lateMs));
    this.work.push(Math.max(0, workMs));
    if (this.late.length > GOVERNOR_WINDOW) {
      this.late.shift();
      this.work.shift();
    }
    // A verdict only on a full window of frames drawn at the current level.
    if (this.sinceChange < GOVERNOR_WINDOW) return;
    const late = [...this.late].sort((a, b) => a - b);
    const work = [...this.work].sort((a, b) => a - b);
    // Late: most frames come more than a frame late, or their own work takes most of a frame.
    const strained = percentile(late, 0.8) > 2 * this.periodMs || percentile(work, 0.8) > 0.6 * this.periodMs;
    // At ease: nearly every frame on time, with room to spare.
    const eased = percentile(late, 0.8) < 1.25 * this.periodMs && percentile(work, 0.8) < 0.3 * this.periodMs;
    if (strained && this.lvl < 2) {
      this.change((this.lvl + 1) as 1 | 2);
      this.ups++;
      this.onChange(this.snapshot());
      return;
    }
    this.easy = eased ? this.easy + 1 : 0;
    if (this.easy >= GOVERNOR_CALM_FRAMES && this.lvl > 0) {
      this.change((this.lvl - 1) as 0 | 1);
      this.onChange(this.snapshot());
    }
  }

  private change(level: 0 | 1 | 2): void {
    this.lvl = level;
    this.easy = 0;
    this.sinceChange = 0;
  }

  snapshot(): FrameLoad {
    const late = [...this.late].sort((a, b) => a - b);
    const work = [...this.work].sort((a, b) => a - b);
    const r = (n: number) => Math.round(n * 10) / 10;
    return { level: this.lvl, stride: this.stride, lateP50: r(percentile(late, 0.5)), lateP95: r(percentile(late, 0.95)), workP95: r(percentile(work, 0.95)), frames: this.noted, raised: this.ups };
  }
}
