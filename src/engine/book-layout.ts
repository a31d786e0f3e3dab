// The engine's output layout is defined in src/core/book-layout.ts (the row formatter reads it too).
export * from '../core/book-layout.ts';
