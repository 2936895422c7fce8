// @ts-check
// Signing in (the password alone) and signing up (by invitation: a registration code). Both
// answer a session; neither sends a token. Under a flood of wrong sign-ins the server may ask
// for a solved challenge first (lib/challenge.js): these calls solve it and send again.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { withChallenge } from '../../lib/challenge';

/** @typedef {import('../../lib/api-types').components['schemas']} Schemas */

/**
 * @param {string} password
 * @param {() => void} [onChallenge]
 * @returns {Promise<Schemas['Session']>}
 */
export const signInWithPassword = (password, onChallenge) =>
  withChallenge((extra) => api.post('/auth/login', { password, ...extra }, { auth: false }), onChallenge);

/**
 * @param {Schemas['RegisterRequest']} account
 * @param {() => void} [onChallenge]
 * @returns {Promise<Schemas['Session']>}
 */
export const register = (account, onChallenge) =>
  withChallenge((extra) => api.post('/auth/register', { ...account, ...extra }, { auth: false }), onChallenge);

/**
 * Always answers the same (202), whether or not the email has an account.
 * @param {string} email
 * @returns {Promise<Schemas['Message']>}
 */
export const requestPasswordReset = (email) => api.post('/auth/password-reset', { email }, { auth: false });

// POST /api/auth/password-reset/check: whether the emailed link may still set a password, asked
// when the page opens ({valid, message}: the server's sentence for an expired or used link).
export const resetLinkQuery = (/** @type {string} */ token) =>
  queryOptions({
    queryKey: ['password-reset-link', token],
    /** @returns {Promise<Schemas['PasswordResetCheckAnswer']>} */
    queryFn: () => api.post('/auth/password-reset/check', { token }, { auth: false }),
    staleTime: Infinity,
    retry: false,
  });

/**
 * @param {Schemas['PasswordResetConfirmRequest']} reset
 * @returns {Promise<Schemas['Session']>}
 */
export const confirmPasswordReset = (reset) =>
  withChallenge((extra) => api.post('/auth/password-reset/confirm', { ...reset, ...extra }, { auth: false }));
