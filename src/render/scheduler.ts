// The frame scheduler is shared with the feed client (src/core/frame-scheduler.ts): one loop per thread.
export { FrameScheduler, scheduler, type Drawable } from '../core/frame-scheduler.ts';
