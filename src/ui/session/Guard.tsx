// Runs the login guard on every navigation: storage is read fresh each time, so a login, a logout or a
// password change is seen at once.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { guardRedirect } from './guard';
import { readNeedChangePwd, readRawUser, readToken } from './storage';

export function Guard() {
  const { pathname } = useLocation();
  const to = guardRedirect(pathname, { token: readToken(), rawUser: readRawUser(), needChangePwd: readNeedChangePwd() });
  return to && to !== pathname ? <Navigate to={to} replace /> : <Outlet />;
}
