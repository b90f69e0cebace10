// The login guard of 000 §2 as a pure function (src/ui/session/guard.ts); the e2e suite checks it in a browser.
import { guardRedirect, mustChangePassword } from '../../src/ui/session/guard';

const user = (firstLogin: unknown) => JSON.stringify({ code: '8800010', firstLogin });
const loggedIn = { token: '1', rawUser: user('0'), needChangePwd: '0' };

test('without a token every path but /login and /forgetpassword goes to /login', () => {
  const none = { token: null, rawUser: null, needChangePwd: null };
  for (const p of ['/', '/dashboard', '/changepassword', '/rbtMaintenance', '/x/y'])
    expect(guardRedirect(p, none)).toBe('/login');
  expect(guardRedirect('/login', none)).toBeNull();
  expect(guardRedirect('/forgetpassword', none)).toBeNull();
});

test('logged in, /login goes to /', () => {
  expect(guardRedirect('/login', loggedIn)).toBe('/');
  expect(guardRedirect('/dashboard', loggedIn)).toBeNull();
});

test("firstLogin other than '0' or needChangePwd '1' sends gated routes to /changepassword", () => {
  for (const state of [
    { ...loggedIn, rawUser: user('1') },
    { ...loggedIn, rawUser: user(undefined) },
    { ...loggedIn, needChangePwd: '1' },
  ]) {
    expect(guardRedirect('/dashboard', state)).toBe('/changepassword');
    expect(guardRedirect('/', state)).toBe('/changepassword');
    expect(guardRedirect('/changepassword', state)).toBeNull();
    expect(guardRedirect('/forgetpassword', state)).toBeNull();
  }
  expect(guardRedirect('/dashboard', { ...loggedIn, rawUser: user(0) })).toBeNull();
});

test("a stored user value of length 1 counts as firstLogin '0'", () => {
  expect(mustChangePassword({ rawUser: '1', needChangePwd: '0' })).toBe(false);
  expect(guardRedirect('/dashboard', { ...loggedIn, rawUser: 'x' })).toBeNull();
});
