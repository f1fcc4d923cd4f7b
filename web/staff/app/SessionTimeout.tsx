// The session-timeout warning (seed 001 section 2): the server ends a session after `idle_seconds` without a
// request (GET /staff/api/auth/me says how long). A minute before, a dialog counts down the seconds left; "Stay
// signed in" pings /staff/api/auth/me (which slides the server's timer); at zero the page refreshes, and the
// sign-in screen then says the session is no longer valid.
import { useEffect, useId, useMemo, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { sessionStore } from '../../lib/safe-storage.ts';
import { Dialog } from '../../toolkit/dialogs/Dialog.tsx';
import { useSession } from '../common/session.tsx';
import { LOOKUP } from '../common/StaffForm.tsx';

export const EXPIRED_FLAG = 'lto.staff.sessionExpired';
/** Seconds of warning before the session ends (the same minute as machines/idle-session, whose module is not
 * imported here: it would bring xstate into the staff entry). */
export const WARNING_SECONDS = 60;

const systemNow = () => Date.now();

export function SessionTimeout({ now = systemNow }: { now?: () => number }) {
  const t = useT();
  const id = useId();
  const { me, caller, signOut, lastActivity } = useSession();
  const [left, setLeft] = useState<number | undefined>(undefined);
  const idleMs = me.session.idle_seconds * 1000;
  // expires_at is the earlier of the idle end and the absolute end (12 hours after sign-in); it names the absolute
  // end when it comes clearly before the idle end seen now.
  const absoluteMs = useMemo(() => {
    const at = me.session.expires_at * 1000;
    return at < now() + idleMs - 5000 ? at : Infinity;
    // only when `me` is read again (now() is when it was read)
  }, [me.session.expires_at, idleMs]);
  const warnAt = Math.min(WARNING_SECONDS, Math.floor(me.session.idle_seconds / 2));

  useEffect(() => {
    const tick = () => {
      const deadline = Math.min(lastActivity() + idleMs, absoluteMs);
      const seconds = Math.ceil((deadline - now()) / 1000);
      if (seconds <= 0) {
        sessionStore().setItem(EXPIRED_FLAG, '1');
        window.location.reload();
        return;
      }
      setLeft(seconds <= warnAt ? seconds : undefined);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [idleMs, absoluteMs, warnAt, lastActivity, now]);

  if (left === undefined) return null;
  return (
    <Dialog
      open
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={() => void caller.get('/staff/api/auth/me', {}, LOOKUP)}
    >
      <h2 id={`${id}-title`} className="tk-dialog__title">
        {t('staff.ui.timeout.title')}
      </h2>
      <p id={`${id}-text`} className="tk-dialog__message">
        {t('staff.ui.timeout.text', { seconds: left })}
      </p>
      <div className="tk-dialog__actions">
        <button type="button" className="tk-btn" onClick={() => void signOut()}>
          {t('staff.ui.signOut')}
        </button>
        <button
          type="button"
          className="tk-btn tk-btn--primary"
          onClick={() => void caller.get('/staff/api/auth/me', {}, LOOKUP).then(() => setLeft(undefined))}
        >
          {t('staff.ui.timeout.stay')}
        </button>
      </div>
    </Dialog>
  );
}
