export * from './page-window.js';
