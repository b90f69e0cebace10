// Every path but the public pages: the layout with the screen the route table gives the path (routes are fixed
// paths, matched case-insensitively as the spec mixes cases), or not found. A chunk of its own, with the route
// table: the login page, the portal's first load, needs neither.
import { Navigate } from '../router';
import Layout from './Layout';
import { HOME_PATH, routeFor } from './routeTable';
import { preloadScreen, screenFor } from './screens';

/** Loads what the path's page renders (main.tsx, before the first render: the page then shows without a wait). */
export const preloadPath = (pathname: string) => preloadScreen(routeFor(pathname));

export default function RoutedPage({ pathname }: { pathname: string }) {
  if ((pathname.replace(/\/+$/, '') || '/') === '/') return <Navigate to={HOME_PATH} replace />;
  const entry = routeFor(pathname);
  // Every chunk the page needs starts loading now, side by side, rather than each when the one before renders.
  void preloadScreen(entry);
  const Screen = screenFor(entry);
  return (
    <Layout>
      {entry ? <Screen entry={entry} /> : <Screen entry={{ path: pathname, title: '', public: false }} />}
    </Layout>
  );
}
