// Runs the login guard on every navigation: storage is read fresh each time, so a login, a logout or a
// password change is seen at once.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../router';
import { guardRedirect } from './guard';
import { readNeedChangePwd, readRawUser, readToken } from './storage';

export function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const to = guardRedirect(pathname, {
    token: readToken(),
    rawUser: readRawUser(),
    needChangePwd: readNeedChangePwd(),
  });
  return to && to !== pathname ? <Navigate to={to} replace /> : <>{children}</>;
}
