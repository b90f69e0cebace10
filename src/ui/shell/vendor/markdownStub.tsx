// Stands in for markdown-to-jsx (vite.config.mts alias), which @rjsf/core imports for
// ui:enableMarkdownInDescription. No definition turns that on, and the library is ~28 KB gzip of the whole
// app: descriptions render as the plain text they are.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
