// `npm run lint` (and a step of `npm test`): TypeScript, Astro, React hooks, accessibility, the floors of the
// code (what may import what: docs-notes/floors.md) and no words written straight into markup.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig } from 'eslint/config';

// ---- The floors -------------------------------------------------------------------------------------
// From the ground up; a floor imports only the floors below it (and itself):
//   shared      src/shared/         messages, the one message renderer, locales, theme, configuration, request notes
//   api         src/server/ (not http/)  the Hono API: imports shared only
//   http        src/server/http/    the HTTP layer (serving, kept pages): imports api and shared
//   lib         src/lib/            app-wide web code: imports shared (and the API contract's types)
//   components  src/components/     UI pieces: lib, shared
//   features    src/features/       one folder per feature: components, lib, shared (and other features, without cycles)
//   app         src/app/            joins web and API (the in-process API call): lib, api, shared
//   pages       src/pages/, src/layouts/, src/middleware.ts: everything above
// Tests sit beside what they test and may wire floors together (a test of the web client runs the API).
const ABOVE_SHARED = ['./src/lib', './src/server', './src/features', './src/components', './src/app', './src/pages', './src/layouts', './src/middleware.ts'];
const WEB = ['./src/lib', './src/features', './src/components', './src/app', './src/pages', './src/layouts', './src/middleware.ts'];
// What the web may know of the API: the types of its routes' schemas and of its error codes (erased at build).
const API_CONTRACT = ['**/src/server/**/*.routes.ts', '**/src/server/**/*.schema.ts', '**/src/server/errors.ts'];

const floors = [
  { target: './src/shared', from: ABOVE_SHARED, message: 'src/shared is the ground floor: it imports nothing above it.' },
  { target: ['./src/server/!(http)/**', './src/server/*'], from: WEB, message: 'The API (src/server) imports only src/shared.' },
  { target: ['./src/server/!(http)/**', './src/server/*'], from: './src/server/http', message: 'The API does not import the HTTP layer: request notes are in src/shared/request-context.server.ts.' },
  { target: './src/server/http', from: ['./src/lib', './src/features', './src/components', './src/app', './src/pages', './src/layouts'], message: 'The HTTP layer imports the API and src/shared only.' },
  { target: './src/lib', from: ['./src/features', './src/components', './src/app', './src/pages', './src/layouts'], message: 'src/lib imports only src/shared: a feature joins lib (a registry), not the other way.' },
  { target: './src/components', from: ['./src/features', './src/app', './src/pages', './src/layouts'], message: 'src/components imports only src/lib and src/shared.' },
  { target: './src/features', from: ['./src/app', './src/pages', './src/layouts'], message: 'src/features imports only src/components, src/lib and src/shared.' },
  { target: './src/app', from: ['./src/features', './src/components', './src/pages', './src/layouts'], message: 'src/app joins src/lib and the API only.' },
];
const apiContract = (target) => ({
  target, from: ['**/src/server/**'], except: API_CONTRACT,
  message: 'The web reaches the API through its client: only `import type` from the API contract (*.routes.ts, *.schema.ts, errors.ts).',
});

/** Words a person reads: text in markup and these attributes (the rule replaces the old literal scan). */
const VISIBLE_ATTRIBUTES = ['title', 'alt', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'label', 'description', 'heading', 'text', 'message', 'summary'];

/** Object properties whose words end up on screen (a toast's title, a button's label…). */
const VISIBLE_PROPERTY = '/^(title|description|message|label|text|heading|summary)$/';
const WORDS = '/\\p{L}{2}/u';
/** A sentence in code: a capital, words, and an ending. Class lists, keys and URLs never look like this. */
const SENTENCE = '/^\\p{Lu}[^{}<>]*\\s[^{}<>]*\\p{Ll}[^{}<>]*[.!?…:]$/u';
const WORDS_MESSAGE = 'Words a person reads come from the message files: use t(…) and a key in src/shared/i18n/messages/{en,es}/';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'perf-report/', '.e2e-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    plugins: { 'import-x': importX },
    rules: {
      // TypeScript checks names (and Astro's global `App` namespace, which no-undef cannot see).
      'no-undef': 'off',
      // The input guards match control characters on purpose: that is what they refuse.
      'no-control-regex': 'off',
      // The code's own conventions, checked by TypeScript (strictest) already or purely a matter of style.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...floors, apiContract(['./src/lib', './src/components', './src/features'])] }],
    },
  },
  {
    // In .ts and .tsx files TypeScript reports an unused name already (strictest: noUnusedLocals and
    // noUnusedParameters, in `npm run check`); the rule stays for .astro and .js files, where it checks alone. On
    // .ts files it was half of the lint's rule time.
    files: ['**/*.ts', '**/*.tsx'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // The API contract is imported for its types only: a value import would bundle the API into the page.
    files: ['src/lib/**', 'src/components/**', 'src/features/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'Only `import type` from the API contract.' }] }],
    },
  },
  {
    // The two rules of hooks; the plugin's React Compiler rules (purity, set-state-in-effect…) guide code for a
    // compiler this project does not use.
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.tsx', '**/*.astro'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: { ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Every user-visible word comes from the message files (src/shared/i18n/messages).
    files: ['src/**/*.tsx', 'src/**/*.astro'],
    // The developer's component gallery (/dev/gallery, never served in production) shows made-up examples.
    ignores: ['**/*.test.tsx', 'src/features/gallery/**', 'src/pages/dev/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', {
        mode: 'jsx-only',
        'jsx-attributes': { include: VISIBLE_ATTRIBUTES.map((name) => `^${name}$`) },
        // A word is two letters in a row, as in the scan this rule replaced: "·", "2", "→" and "x" are not words.
        words: { exclude: [/^[^\p{L}]*(\p{L}[^\p{L}]*)?$/u] },
        // The plugin's own list (i18n calls, DOM and string methods), and `fill`, which puts markup into a message's {slot}.
        callees: { exclude: ['i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'postMessage', 'getElementById', 'dispatch', 'commit', 'includes', 'indexOf', 'endsWith', 'startsWith', 'fill'] },
        'object-properties': { exclude: ['[A-Z_-]+', 'rel', 'target'] },
        message: 'A word written into markup: use t(…) and a key in src/shared/i18n/messages/{en,es}/',
      }],
    },
  },
  {
    // What the markup rule cannot see in code: a toast's or a dialog's words given as an object (`{ title: 'Saved' }`)
    // and a sentence written anywhere in an island or a page, except for operators (console, log, an Error).
    files: ['src/**/*.tsx', 'src/**/*.astro'],
    ignores: ['**/*.test.tsx', 'src/features/gallery/**', 'src/pages/dev/**'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: `Property[key.name=${VISIBLE_PROPERTY}] > Literal[value=${WORDS}]`, message: WORDS_MESSAGE },
        { selector: `Property[key.name=${VISIBLE_PROPERTY}] > ConditionalExpression > Literal[value=${WORDS}]`, message: WORDS_MESSAGE },
        { selector: `Property[key.name=${VISIBLE_PROPERTY}] > TemplateLiteral > TemplateElement[value.raw=${WORDS}]`, message: WORDS_MESSAGE },
        {
          selector: `Literal[value=${SENTENCE}]:not(CallExpression[callee.object.name=/^(console|log)$/] > Literal):not(NewExpression[callee.name=/Error$/] > Literal)`,
          message: WORDS_MESSAGE,
        },
      ],
    },
  },
  {
    // Tests and scripts wire floors together and print for a person at a terminal.
    files: ['**/*.test.ts', '**/*.test.tsx', 'scripts/**', 'tests/**', 'src/server/testing/**'],
    rules: {
      'import-x/no-restricted-paths': 'off',
      // Playwright's fixtures are read by destructuring: `async ({}, testInfo) =>` asks for none.
      'no-empty-pattern': 'off',
    },
  },
);
