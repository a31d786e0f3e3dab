// pixi.js/unsafe-eval is a side-effect module whose package export has no types condition;
// renderer-choice.ts imports it dynamically (only for the GPU renderers).
declare module 'pixi.js/unsafe-eval';
