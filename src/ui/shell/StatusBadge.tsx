// A status badge (000 §4). The colour a definition names ("green", "red", ...; the schema's status colours) tints
// it through the palette's --<colour>-700 text and --<colour>-100 fill tokens, so a colour is a pair of tokens in
// tokens.css and never a CSS rule of its own. data-tint names the colour for tests and styles that need it.
import type { CSSProperties, ReactNode } from 'react';

/** Only a plain name reaches CSS: a definition is validated, but a tint must never carry more than a token name. */
const TOKEN_NAME = /^[a-z]+$/;

export function StatusBadge({
  colour = 'grey',
  className,
  children,
}: {
  colour?: string;
  className?: string;
  children: ReactNode;
}) {
  const tint = TOKEN_NAME.test(colour) ? colour : 'grey';
  const style = { '--tint-fg': `var(--${tint}-700)`, '--tint-bg': `var(--${tint}-100)` } as CSSProperties;
  return (
    <span className={className ? `badge ${className}` : 'badge'} data-tint={tint} style={style}>
      {children}
    </span>
  );
}
