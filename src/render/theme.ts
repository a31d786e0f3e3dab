// The canvases' palette. The page picks it from its colour swap (src/state/book-view.ts
// `canvasTheme`) and passes it in; the canvas worker gets it with each mount's input.

export interface Theme {
  background: number;
  text: number;
  muted: number;
  up: number;
  down: number;
  upBar: number;
  downBar: number;
  highlight: number;
  line: number;
  accent: number;
}

const DARK: Theme = {
  background: 0x15191e,
  text: 0xeaecef,
  muted: 0x8b939e,
  up: 0x20b26c,
  down: 0xef454a,
  upBar: 0x123a2a,
  downBar: 0x3d1a1d,
  highlight: 0x2a3038,
  line: 0x2a3038,
  accent: 0xf7a600,
};


const SWAPPED: Theme = { ...DARK, up: DARK.down, down: DARK.up, upBar: DARK.downBar, downBar: DARK.upBar };

/** The palette; `swap`: rises red and falls green. The same object each time, so a change of it means a change. */
export function themeFor(swap: boolean): Theme {
  return swap ? SWAPPED : DARK;
}
