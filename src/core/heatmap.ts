// The order-book heatmap's columns as the feed worker's sampler hands them out (src/engine/heat-sampler.ts)
// and the chart draws them (src/render/chart/heatmap-bitmap.ts): one shape for both.

/** One symbol's heatmap, oldest column first, copied out of wasm memory. */
export interface HeatColumns {
  columns: number;
  rows: number;
  /** columns × rows sizes (scaled integers as f32), column-major. */
  cells: Float32Array;
  /** Per column: sample time (ms). */
  times: Float64Array;
  /** Per column: lowest bucket's price in ticks. */
  bases: Float64Array;
  /** Per column: bucket width in ticks. */
  widths: Float64Array;
  /** Largest bucket size over all columns. */
  max: number;
}
