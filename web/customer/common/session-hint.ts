// Whether this browser was signed in to the account when it last left it. Not a secret and not the session (that is
// an httpOnly cookie): it lets a signed-out visit, the usual first one, show the sign-in at once (boot.ts picks the
// prerendered copy; the app renders it before GET /customer/api/me answers) instead of a loading line. The answer of
// /me still decides; a wrong hint costs one re-render.

export const SESSION_HINT_KEY = 'lto.account.signedIn';

export function readSessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // storage blocked: every visit starts on the sign-in picture and /me decides
  }
}
