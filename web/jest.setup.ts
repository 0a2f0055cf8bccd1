import '@testing-library/jest-dom/jest-globals';
import { jest } from '@jest/globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder; react-router's data routers (createMemoryRouter) need it.
Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });

// Jest's 5 s default, and Testing Library's 1 s for findBy/waitFor, are too tight when the whole suite shares 2 cores
// with integration and browser tests (or a CPU hog: docs/decisions.md, "Tests under load"); a screen test that waits
// on rendering or real timers would fail for the load, not for a fault. A wider bound only slows a test that fails.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
