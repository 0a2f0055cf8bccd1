import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web feature boundaries (docs/architecture.md, Web): a feature is used only through its public index
// (`@/features/<name>`), features never import the app shell (app/, pages/), and nothing climbs `../../`: `@/` is web/src.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noDeepRelative = { regex: '^(\\.\\./){2,}', message: 'Climbing ../../ is not allowed in web/src: import from `@/…` (web/src).' };
const intoFeature = (own) => ({
  regex: own ? `^@/features/(?!${own}/)[^/]+/` : '^@/features/[^/]+/',
  message: 'Another feature is used only through its public index: import from `@/features/<name>`.',
});
const upFromFeature = (spec) => ({
  // A test may render inside the app's providers, as the app does.
  regex: spec ? '^@/(pages(/|$)|app/(?!providers$))' : '^@/(app|pages)(/|$)',
  message: 'A feature does not import the app shell (web/src/app, web/src/pages).',
});
const outOfTopLevel = { regex: '^\\.\\./', message: 'This leaves the feature: import another feature from `@/features/<name>`.' };
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const featureBoundaries = webFeatures.flatMap((name) => {
  const base = `web/src/features/${name}`;
  const specs = [`${base}/**/*.spec.{ts,tsx}`];
  const topLevel = [`${base}/*.{ts,tsx}`];
  return [
    { files: [`${base}/**/*.{ts,tsx}`], ignores: specs, rules: restrict(noDeepRelative, intoFeature(name), upFromFeature(false)) },
    { files: specs, rules: restrict(noDeepRelative, intoFeature(name), upFromFeature(true)) },
    { files: topLevel, ignores: specs, rules: restrict(noDeepRelative, intoFeature(name), upFromFeature(false), outOfTopLevel) },
    { files: [`${base}/*.spec.{ts,tsx}`], rules: restrict(noDeepRelative, intoFeature(name), upFromFeature(true), outOfTopLevel) },
  ];
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'web/test/style-stub.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Nest resolves constructor parameters from their runtime types: a type-only import would break injection.
    files: ['backend/src/**/*.ts', 'worker/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['infra/**/*.mjs', 'backend/libs/*/src/cli/**/*.ts', 'backend/src/cli/**/*.ts', '**/*.spec.*', '**/test/**', 'web/e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/test/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['web/src/**/*.{ts,tsx}'], rules: restrict(noDeepRelative, intoFeature(null)) },
  ...featureBoundaries,
);
