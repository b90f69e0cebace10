// ESLint (npm run lint): rules that find real problems, not layout (Prettier owns layout). typescript-eslint's
// recommended set without type information (fast), React's rules of hooks, and the engine kept free of the
// browser's globals (it runs on the server too). The import structure is checked by dependency-cruiser.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'dist/', 'coverage/', 'data/', '.data*/', 'bench/results/', '**/*.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are the type check's job (noUnusedLocals, noUnusedParameters), which knows `_` arguments.
      '@typescript-eslint/no-unused-vars': 'off',
      // `any` marks where untyped data (JSON answers, rows, test doubles) is handled; the strict type check
      // covers the rest, and typing those ~110 places would change no behaviour.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Tests and benchmarks load modules afresh inside jest.isolateModules or after setting the environment.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // These look for control characters on purpose (refusing them in input, making output printable).
    files: ['src/server/cli/printable.ts', 'src/server/http/controlCharacters.ts', 'test/api/operator.test.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['**/*.tsx', 'src/ui/**/*.ts', 'test/e2e/harness/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'location', 'navigator', 'localStorage', 'sessionStorage', 'fetch'].map((name) => ({
          name,
          message: 'The engine runs on the server too: it takes what it needs as arguments.',
        })),
      ],
    },
  },
  {
    // The server's handlers are typed by the routes' declarations (http/route.ts): parameters by their schema, the
    // session by the route's auth. Values only the definitions name are Record<string, unknown>, narrowed where read.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSNonNullExpression > MemberExpression[property.name=/^(session|operatorSession)$/]',
          message:
            "A session route's handler gets req.session typed as present (SessionRequest): take that type, not `!`.",
        },
        {
          selector: "TSTypeReference[typeName.name='Record'] > TSTypeParameterInstantiation > TSAnyKeyword",
          message:
            'Type parameters by their declared schema (Static), or as Record<string, unknown> narrowed where read.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
