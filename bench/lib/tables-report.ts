// The tables bench's result (bench/tables.ts): the JSON as measured, and a Markdown report that
// sets each figure beside its goal (issue 21 items 4 and 5).

export interface TablesOutput {
  name: 'tables';
  date: string;
  config: Record<string, unknown>;
  /** Per table: click-to-rows-painted ms, median and max of 3, unthrottled (x1) and at CPU ×4. */
  first_render: Record<string, Record<string, number>>;
  /** Per table, at CPU ×4: reading every page by scrolling, then a top-to-bottom scroll. */
  scroll: Record<string, unknown>;
  /** The page's frames at CPU ×4 with nothing scrolled. */
  idle_x4: { frame_ms_p50: number; frame_ms_p95: number; frame_ms_max: number };
  /** A live push into the open-orders table, unthrottled (x1) and at CPU ×4. */
  push: Record<string, unknown>;
  burst: {
    main_frame_max_ms: number; worker_frame_max_ms: number; frames_over_33ms: number;
    quiet_main_frame_max_ms: number; quiet_worker_frame_max_ms: number; quiet_frames_over_33ms: number;
  } & Record<string, unknown>;
  errors: string[];
  /** --profile / --trace summaries (CPU profile by area and function; trace self time by event). */
  findings?: Record<string, unknown>;
}

const GOALS = { first_render_ms: 100, scroll_p95_ms: 16.7, push_script_ms: 2, burst_frame_ms: 33 };
const mark = (ok: boolean) => (ok ? 'met' : '**not met**');

export function renderTablesReport(out: TablesOutput): { json: TablesOutput & { goals: typeof GOALS }; md: string } {
  const c = out.config;
  const lines: string[] = [];
  lines.push('# Tables and tape bursts (issue 21 items 4, 5)', '');
  lines.push(`${out.date} · Chromium ${String(c.chromium)} · viewport ${JSON.stringify(c.viewport)} · ${String(c.exchange)} · ${String(c.symbol)}`);
  lines.push(`Seeded: ${String(c.history_rows)} filled orders (order history) with one fill each (trade history), ${String(c.open_orders)} resting orders.`);
  lines.push(`Load average before ${JSON.stringify(c.load_average_before)}, after ${JSON.stringify(c.load_average_after)} (2 cores shared with other work).`, '');

  lines.push('## First render (tab click → rows painted; the history tabs read their first page of 100)', '');
  lines.push('| table | ×1 median | ×1 max | ×4 median | ×4 max | goal ≤ 100 ms (×1) |', '|---|---|---|---|---|---|');
  for (const [k, v] of Object.entries(out.first_render)) {
    lines.push(`| ${k} | ${v.x1_ms_median} ms | ${v.x1_ms_max} ms | ${v.x4_ms_median} ms | ${v.x4_ms_max} ms | ${mark((v.x1_ms_max ?? Infinity) <= GOALS.first_render_ms)} |`);
  }
  lines.push('', `## Scroll at CPU ×4 (${String(c.scroll_px_per_frame)} px per frame for ${String(c.scroll_frames)} frames, from the top)`, '');
  lines.push('| table | rows | frame p50 | frame p95 | max | rows in DOM / visible | table nodes | page nodes | goal p95 ≤ 16.7 ms |', '|---|---|---|---|---|---|---|---|---|');
  for (const [k, raw] of Object.entries(out.scroll)) {
    const v = raw as Record<string, number>;
    lines.push(`| ${k} | ${v.rows} | ${v.frame_ms_p50} ms | ${v.frame_ms_p95} ms | ${v.frame_ms_max} ms | ${v.rows_in_dom} / ${v.rows_visible} | ${v.dom_nodes_table} | ${v.dom_nodes_page} | ${mark(v.frame_ms_p95! <= GOALS.scroll_p95_ms)} |`);
  }
  lines.push('', `The page idle at CPU ×4 (live market, nothing scrolled): frame p50 ${out.idle_x4.frame_ms_p50} ms, p95 ${out.idle_x4.frame_ms_p95} ms, max ${out.idle_x4.frame_ms_max} ms.`);
  const reads = Object.entries(out.scroll).filter(([, v]) => (v as Record<string, number>).read_all_ms !== undefined);
  if (reads.length) {
    lines.push('', 'Reading every page by scrolling to the end (pages of 100 through the v5 cursor, at CPU ×4):', '');
    for (const [k, raw] of reads) {
      const v = raw as Record<string, number>;
      lines.push(`- ${k}: ${v.rows} rows in ${v.read_all_ms} ms; frames meanwhile p95 ${v.read_all_frame_ms_p95} ms, max ${v.read_all_frame_ms_max} ms`);
    }
  }
  lines.push('', '## A live push into the open-orders table (a new resting order on the private stream)', '');
  lines.push('Main-thread time from the push to the table showing it, less an idle window of the same length (CDP Performance metrics; every market\'s feed paused).', '');
  lines.push('| CPU | script median | script max | task median | task max | goal script ≤ 2 ms |', '|---|---|---|---|---|---|');
  for (const [k, raw] of Object.entries(out.push)) {
    const v = raw as Record<string, number>;
    lines.push(`| ${k} | ${v.script_ms_median} ms | ${v.script_ms_max} ms | ${v.task_ms_median} ms | ${v.task_ms_max} ms | ${mark(v.script_ms_median! <= GOALS.push_script_ms)} |`);
  }
  const b = out.burst;
  lines.push('', '## Tape bursts at CPU ×4 (one publicTrade message of 1,024 trades, a visitor\'s page)', '');
  lines.push('2 s windows with a burst half a second in, each beside a 2 s window just before it without one (the machine\'s load alone).', '');
  lines.push('| windows | longest main-thread frame | longest canvas-worker frame | windows with a frame over 33 ms (main + worker) |', '|---|---|---|---|');
  lines.push(`| ${String(b.bursts)} with a burst | ${b.main_frame_max_ms} ms | ${b.worker_frame_max_ms} ms | ${b.frames_over_33ms} (${mark(b.frames_over_33ms === 0)}) |`);
  lines.push(`| ${String(b.bursts)} without | ${b.quiet_main_frame_max_ms} ms | ${b.quiet_worker_frame_max_ms} ms | ${b.quiet_frames_over_33ms} |`);
  for (const [what, raw] of Object.entries(out.findings ?? {})) {
    const f = raw as { top_events?: Array<{ event: string; ms: number; pct_of_wall: number }>; by_area?: Array<{ area: string; ms: number; pct_of_busy: number }> };
    lines.push('', `### ${what}`, '');
    if (f.top_events) for (const e of f.top_events.slice(0, 12)) lines.push(`- ${e.event}: ${e.ms} ms (${e.pct_of_wall} % of the traced time)`);
    if (f.by_area) for (const a of f.by_area) lines.push(`- ${a.area}: ${a.ms} ms (${a.pct_of_busy} % of busy)`);
  }
  if (out.errors.length) lines.push('', `Page errors: ${out.errors.length}: ${out.errors.slice(0, 3).join(' | ')}`);
  lines.push('');
  return { json: { ...out, goals: GOALS }, md: lines.join('\n') };
}
