// A link to a screen of the portal that shows only while the session's capability gate opens its route
// (src/engine/gate.ts: the function the router and the server close screens and calls with). So a page never
// offers what the account's state, site or flags close: an expired account's home offers no tone, box or IVR
// screen, and nothing here keeps a second list of who may open what. A closed link shows `fallback` (its content
// without a link, for a count tile) or nothing.
import type { ReactNode } from 'react';
import { Link } from '../router';
import { useGate } from './useGate';

export function GatedLink({
  to,
  className,
  children,
  fallback = null,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const gate = useGate();
  if (!gate.route(to).open) return <>{fallback}</>;
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}
