import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const dialectPatterns = [
  { group: ['**/storage/storage.ts'], importNames: ['Dialect'], message: 'A domain never asks which database it runs on: use the capabilities of its Tx.' },
  { group: ['**/storage/database-capabilities.ts'], message: 'A domain reaches the database capabilities through its Tx.' },
];
const actorPattern = { group: ['**/http/access.ts'], importNames: ['Actor'], message: "A domain's actor types live in its actor.ts: import them from there." };

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', 'dist/**', 'packages/client/dist/**', 'console/dist/**', 'test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // A domain never asks which database it runs on: its transaction (Tx) locks rows, claims
    // them skipping locked ones, takes named locks and runs reusable statements for it. Its actor
    // types have one home, its actor.ts.
    files: ['src/domains/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...dialectPatterns, actorPattern],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'Identifier[name=/^[Dd]ialect$/]', message: 'A domain never asks which database it runs on: use the capabilities of its Tx (lockForUpdate, claimSkippingLocked, tryLock, run).' },
      ],
    },
  },
  {
    // The one home of a domain's actor types derives them from the kernel's Actor; so does the
    // record-sight type every domain shares.
    files: ['src/domains/*/actor.ts', 'src/domains/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: dialectPatterns }] },
  },
);
