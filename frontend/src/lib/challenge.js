// @ts-check
// The sign-in challenge (docs/api.md, "Sign-in challenge"): while the shop is under a flood of
// wrong sign-ins, a browser without a device cookie is asked (429, code `challenge_required`)
// to solve a small proof-of-work puzzle (ALTCHA) before a password is checked (sign-in,
// sign-up, a reset, a password change: every feature that sends one wraps it here). The browser
// fetches one, searches for the number (a second or so, awaiting the browser's own SHA-256,
// so the page stays responsive) and sends the same request again with the solution.
import { solveChallenge } from 'altcha-lib/v1';
import { api } from './api';

export const CHALLENGE_REQUIRED = 'challenge_required';
export const CHALLENGE_FAILED = 'Could not finish the security check. Please try again.';

/**
 * A solved challenge, as the `altcha` field the server expects (base64 JSON).
 * @returns {Promise<string>}
 */
export async function solvedChallenge() {
  /** @type {{algorithm: string, challenge: string, maxNumber: number, salt: string, signature: string}} */
  const puzzle = await api.get('/auth/challenge', undefined, { auth: false });
  const { promise } = solveChallenge(puzzle.challenge, puzzle.salt, puzzle.algorithm, puzzle.maxNumber);
  const solution = await promise;
  if (!solution) throw new Error(CHALLENGE_FAILED);
  const { algorithm, challenge, salt, signature } = puzzle;
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }));
}

/**
 * `send({})`; when the server asks for a challenge, solve one and `send({altcha})` once more.
 * @template T
 * @param {(extra: {altcha?: string}) => Promise<T>} send
 * @param {() => void} [onChallenge] told when the puzzle starts (to say so on screen)
 * @returns {Promise<T>}
 */
export async function withChallenge(send, onChallenge) {
  try {
    return await send({});
  } catch (err) {
    if (!err || /** @type {{code?: string}} */ (err).code !== CHALLENGE_REQUIRED) throw err;
    if (onChallenge) onChallenge();
    return send({ altcha: await solvedChallenge() });
  }
}
