// Jest projects: one per kind of test, so `npm test` runs them all and each can be run alone
// (`npx jest --selectProjects engine`). TypeScript is transformed by SWC (fast, no type check;
// the type check is its own step of `npm test`).
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
    },
  ],
};
// ESM-only packages that tests may reach are transformed too.
const transformIgnorePatterns = ['/node_modules/(?!(ky|date-fns|date-fns-jalali|wouter|regexparam)/)'];
const base = { transform, transformIgnorePatterns, testEnvironment: 'node' };
module.exports = {
  projects: [
    { ...base, displayName: 'engine', testMatch: ['<rootDir>/test/engine/**/*.test.ts'] },
    { ...base, displayName: 'definitions', testMatch: ['<rootDir>/test/definitions/**/*.test.ts'] },
    { ...base, displayName: 'server', testMatch: ['<rootDir>/test/api/**/*.test.ts'] },
    // Pure rules of the React renderers and widgets (list state, form state, date values), run in Node.
    {
      ...base,
      displayName: 'ui',
      testMatch: ['<rootDir>/test/ui/**/*.test.ts'],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/test/ui/styleStub.cjs',
        // The build's language list (vite.config.mts, plugin languages), read from i18n/languages.json.
        '^virtual:languages$': '<rootDir>/test/ui/languagesStub.ts',
      },
    },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
  ],
};
