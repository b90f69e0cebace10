// The import structure the code keeps (npm run lint): no import cycles, the HTTP client below the user interface,
// the engine free of React and the DOM (the server runs it too), and the renderers sharing ui/runtime rather
// than reaching into one another. A lazy import() counts too: screens that show screens (a form's dialog showing
// a form) reach one another through ui/runtime/nestedScreens, filled at start.
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle (lazy import() included): modules that cannot be understood one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-below-ui',
      severity: 'error',
      comment: 'src/api reports to the user through the ApiReporter the shell registers, never by importing src/ui.',
      from: { path: '^src/api/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'engine-pure',
      severity: 'error',
      comment: 'src/engine runs in the browser and on the server: no React, no DOM, no user interface, no server.',
      from: { path: '^src/engine/' },
      to: { path: ['^src/(ui|api|server)/', '^node_modules/(react|react-dom|@rjsf|@tanstack|wouter)/'] },
    },
    {
      name: 'renderers-share-runtime',
      severity: 'error',
      comment: 'Lists, widgets and the shell use ui/runtime; only pages (which choose a renderer) import ui/form.',
      from: { path: '^src/ui/(list|widgets|shell)/', pathNot: '^src/ui/shell/pages/' },
      to: { path: '^src/ui/form/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
