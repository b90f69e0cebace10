// react-router ships one build for bundlers, written for React DevTools: every component and context is made at
// the top level by a React call (forwardRef, memo, createContext) the bundler cannot know is pure, and then named
// (`Link.displayName = "Link"`), a property write it must keep. So the whole library stayed in the first load
// whatever the portal uses of it (NavLink, Form, ScrollRestoration, the framework mode's error boundaries and
// prefetching: about 5 KB gzip of the login page, issue 24). This marks those calls pure and drops the names
// (which only DevTools shows), so tree-shaking keeps what src/ui/router.tsx reaches. A release that writes the
// library otherwise leaves the patterns unmatched: the bundle is as large as before, never broken.
import type { Plugin } from 'vite';

const ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;
/** `var Link = React10.forwardRef(`: a component or context made at the top level. */
const TOP_LEVEL_REACT_CALL = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm;
/** `Link.displayName = "Link";` at the top level: the name React DevTools shows. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/**
 * `var RenderErrorBoundary = class extends React2.Component {` ... `};` at the top level, with the static
 * `RenderErrorBoundary.contextType = RSCRouterContext;` that may follow it: a class whose `extends` the bundler
 * must evaluate. Made inside a pure arrow function, called at once as before (a line for a line).
 */
const TOP_LEVEL_COMPONENT_CLASS =
  /^var ([\w$]+) = (class extends React\d*\.Component \{\n[\s\S]*?\n\});(?:\n\1\.contextType = ([\w$]+);)?$/gm;
const pureClass = (_: string, name: string, body: string, contextType?: string) =>
  `var ${name} = /* @__PURE__ */ (() => { const c = ${body};${contextType ? ` c.contextType = ${contextType};` : ''}` +
  ` return c; })();${contextType ? '\n' : ''}`;

export function pureRouter(): Plugin {
  return {
    name: 'pure-router',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_BUILD.test(id.split('?')[0])) return undefined;
      const pure = code
        .replace(TOP_LEVEL_REACT_CALL, '$1/* @__PURE__ */ $2')
        .replace(DISPLAY_NAME, '')
        .replace(TOP_LEVEL_COMPONENT_CLASS, pureClass);
      return pure === code ? undefined : { code: pure, map: null };
    },
  };
}
