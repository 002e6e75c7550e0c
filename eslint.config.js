import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The one-way arrows of the architecture: admin -> shared, server -> shared, shared -> nothing. */
const boundary = (message, ...patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group], message })) },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'test-results/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Promises the server forgets to await fail silently; the type checker finds them.
    files: ['src/server/**/*.ts', 'tests/api/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/admin/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary(
      'src/shared is used by the browser and the server: it imports neither, nor Node or React.',
      '**/admin/**',
      '**/server/**',
      'node:*',
      'react',
      'react-*',
    ),
  },
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    rules: boundary('The console meets the server over HTTP only.', '**/server/**', 'node:*'),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary('The server does not import console code.', '**/admin/**', 'react', 'react-*'),
  },
);
