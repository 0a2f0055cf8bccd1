export * from './provider-landing.js';
