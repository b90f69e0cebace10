// Every path but the public pages: the layout with the screen the route table gives the path (routes are fixed
// paths, matched case-insensitively as the spec mixes cases), or not found. A chunk of its own, with the route
// table: the login page, the portal's first load, needs neither.
import { Navigate } from '../router';
import Layout from './Layout';
import { HOME_PATH, routeFor } from './routeTable';
import { NotFoundPage, screenFor } from './screens';

export default function RoutedPage({ pathname }: { pathname: string }) {
  if ((pathname.replace(/\/+$/, '') || '/') === '/') return <Navigate to={HOME_PATH} replace />;
  const entry = routeFor(pathname);
  const Screen = entry && !entry.public ? screenFor(entry) : undefined;
  return <Layout>{Screen && entry ? <Screen entry={entry} /> : <NotFoundPage />}</Layout>;
}
