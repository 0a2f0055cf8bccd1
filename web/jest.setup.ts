import '@testing-library/jest-dom/jest-globals';
import { jest } from '@jest/globals';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder; react-router's data routers (createMemoryRouter) need it.
Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });

// Jest's 5 s default is too tight when the whole suite shares 2 cores with integration and browser tests; a screen
// test that waits on real timers (debounces, pagination settling) would fail for the load, not for a fault.
jest.setTimeout(20_000);
