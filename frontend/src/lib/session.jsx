import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { api, SESSION_EXPIRED_EVENT } from './api';
import { isBackOfficeRole, roleOf } from './roles';

export const RECHECK_MS = 300000;
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function base64UrlDecode(segment) {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

// Reads the payload only: the server checks the signature on every call.
export function decodeToken(token) {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(payload, nowMs = Date.now()) {
  if (!payload || typeof payload.exp !== 'number') return true;
  return payload.exp * 1000 <= nowMs;
}

function readStored() {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    if (!token) return null;
    const payload = decodeToken(token);
    if (!payload || isTokenExpired(payload)) return null;
    return { token, user: storedUser(payload, readUserCopy()) };
  } catch {
    return null;
  }
}

function readUserCopy() {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) || 'null');
  } catch {
    return null;
  }
}

// The token's claims win; the saved copy adds the name (only when it is the same user's).
function storedUser(payload, stored) {
  const id = payload.userId ?? stored?.id;
  return {
    id,
    email: payload.email ?? stored?.email ?? '',
    name: stored && stored.id === id ? (stored.name ?? '') : '',
    role: roleOf(payload.role),
  };
}

// The user as signed in: the server's answer first, the token's claims for what it left out.
function signedInUser(user, payload) {
  const given = user ?? {};
  const claims = payload ?? {};
  return {
    id: given.id ?? claims.userId,
    email: given.email ?? claims.email ?? '',
    name: given.name ?? '',
    role: roleOf(given.role ?? claims.role),
  };
}

function clearStored() {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

export const SESSION_EXPIRED_TEXT = 'Your session has expired. Please sign in again.';

const SessionContext = createContext(null);

export function SessionProvider({ children }) {
  const [state, setState] = useState({ status: 'loading', user: null, token: null, notice: null });

  // `reason`: why the app signed the user out (shown at /login); none when they chose to.
  const signOut = useCallback((reason) => {
    clearStored();
    setState({ status: 'ready', user: null, token: null, notice: typeof reason === 'string' && reason ? reason : null });
  }, []);

  const signIn = useCallback((token, user) => {
    const merged = signedInUser(user, decodeToken(token));
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(merged));
    setState({ status: 'ready', user: merged, token, notice: null });
  }, []);

  useEffect(() => {
    const stored = readStored();
    if (!stored) clearStored();
    setState({ status: 'ready', user: stored?.user ?? null, token: stored?.token ?? null, notice: null });
  }, []);

  // Every 5 minutes the token is rechecked; expired or unreadable signs out.
  useEffect(() => {
    if (!state.token) return undefined;
    const timer = setInterval(() => {
      const payload = decodeToken(localStorage.getItem(TOKEN_KEY));
      if (!payload || isTokenExpired(payload)) signOut(SESSION_EXPIRED_TEXT);
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [state.token, signOut]);

  // The api client reports a refused token; another tab signing out clears this one too.
  useEffect(() => {
    const onExpired = (event) => signOut(event?.detail?.message || SESSION_EXPIRED_TEXT);
    const onStorage = (event) => {
      if (event.key === TOKEN_KEY && !event.newValue) signOut();
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener('storage', onStorage);
    };
  }, [signOut]);

  const value = useMemo(
    () => ({
      status: state.status,
      user: state.user,
      token: state.token,
      role: state.user?.role ?? null,
      isAdmin: state.user?.role === 'admin',
      isStaff: state.user?.role === 'staff',
      // Admin or staff: the back office's screens instead of the shop's.
      isBackOffice: isBackOfficeRole(state.user?.role),
      notice: state.notice,
      signIn,
      signOut,
    }),
    [state, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const SIGNED_OUT = {
  status: 'ready',
  user: null,
  token: null,
  role: null,
  isAdmin: false,
  isStaff: false,
  isBackOffice: false,
  notice: null,
  signIn() {},
  signOut() {},
};

export function useSession() {
  return useContext(SessionContext) ?? SIGNED_OUT;
}

// GET /api/auth/me: the signed-in user with their saved details (phone, delivery address and
// ZIP). My Account edits them; checkout reads them to fill its form. Keyed by the user, so
// another sign-in on the same tab never sees the last one's details.
export const meKey = (userId) => ['me', userId ?? null];

export const meQuery = (userId) =>
  queryOptions({
    queryKey: meKey(userId),
    queryFn: ({ signal }) => api.get('/auth/me', undefined, { signal }),
    staleTime: 60 * 1000,
  });
