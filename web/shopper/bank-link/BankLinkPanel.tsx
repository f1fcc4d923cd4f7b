import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  bankLinkMachine,
  bankLinkSendLabelKey,
  type BankAccount,
  type BankLinkOutput,
} from '../../../machines/bank-link/bank-link.machine.ts';
import type { FlowNotice } from '../../../machines/i18n/flows.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import * as client from './client.ts';
import { useFlowT } from '../../lib/flow-text.ts';
import { ModalDialog } from '../../lib/ModalDialog.tsx';
import './bank-link.css';

/** What the banking step receives when an account was linked (seed 000: the Banking entity's bank-link fields). */
export type LinkedBankAccount = Extract<BankLinkOutput, { mode: 'linked' }> & { bank_name: string | null };

export interface BankLinkPanelProps {
  /** The application's uuid (the applicant id of the bank-link calls). */
  applicantId: string;
  /** The store's lease_program.bank_link_send_by: 2 = e-mail, otherwise SMS. */
  sendBy?: number | null;
  /** The chosen account's numbers: fill routing and account (shown concealed) and keep the bank-link fields. */
  onLinked: (account: LinkedBankAccount) => void;
  /** The shopper confirmed manual entry ('I understand'): move focus to the routing number field. */
  onManual?: () => void;
}

/**
 * The bank connection of the banking step (machines/bank-link, seed 000 sections 2, 4, 8, 9): send the link, the
 * 'connection in progress' dialog polling every 10 s, the account picker, the ACH numbers with the 30-second
 * countdown, manual entry behind 'I understand'.
 */
export function BankLinkPanel(props: BankLinkPanelProps) {
  // A new connection after a finished one starts a fresh machine.
  const [round, setRound] = useState(0);
  return <BankLinkFlow key={round} {...props} onRestart={() => setRound((r) => r + 1)} />;
}

function noticeRole(notice: FlowNotice) {
  return notice.kind === 'error' ? 'alert' : 'status';
}

function Notice({ notice, id }: { notice: FlowNotice | null; id?: string }) {
  const { noticeText } = useFlowT();
  if (!notice) return null;
  return (
    <p
      id={id}
      role={noticeRole(notice)}
      className={notice.kind === 'error' ? 'alert' : 'notice'}
      data-testid="bank-notice"
    >
      {noticeText(notice)}
    </p>
  );
}

function BankLinkFlow({
  applicantId,
  sendBy,
  onLinked,
  onManual,
  onRestart,
}: BankLinkPanelProps & { onRestart: () => void }) {
  const { t, lang } = useFlowT();
  const langRef = useRef<Lang>(lang);
  langRef.current = lang;
  const bankName = useRef<string | null>(null);
  const machine = useMemo(
    () =>
      bankLinkMachine.provide({
        actors: {
          sendLink: fromPromise(({ input }) => client.sendLink(input.applicantId, langRef.current)),
          checkProfile: fromPromise(({ input }) => client.checkProfile(input.applicantId, langRef.current)),
          fetchAccounts: fromPromise(({ input }) => client.fetchAccounts(input.profileId, langRef.current)),
          fetchAchNumbers: fromPromise(async ({ input }) => {
            const answer = await client.fetchAchNumbers(input.accountId, langRef.current);
            if (answer.bankName !== undefined) bankName.current = answer.bankName ?? null;
            return answer;
          }),
          abandon: fromPromise(({ input }) => client.abandon(input.profileId, langRef.current)),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { applicantId, sendBy: sendBy ?? null } });
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- xstate binds an actor's send to the actor
  const send = actor.send;

  const done = snap.status === 'done';
  const linked = done && snap.matches('linked');
  const manual = done && snap.matches('manual');
  const reported = useRef(false);
  useEffect(() => {
    if (!done || reported.current) return;
    reported.current = true;
    const output = snap.output;
    if (output?.mode === 'linked') onLinked({ ...output, bank_name: bankName.current });
    else onManual?.();
  }, [done, snap.output, onLinked, onManual]);

  const connecting = snap.matches({ flow: 'connecting' });
  const checking = snap.matches({ flow: { connecting: 'checkingManually' } });
  const loadingAccounts = snap.matches({ flow: { connected: 'fetchingAccounts' } });
  const fetchingAch = snap.matches({ flow: { connected: 'fetchingAch' } });
  const achFailed = snap.matches({ flow: { connected: 'achFailed' } });
  const severalAccounts = context.accounts.length > 1;
  const picking = snap.matches({ flow: { connected: 'selectingAccount' } }) || (achFailed && severalAccounts);
  const noAccounts = snap.matches({ flow: { connected: 'noAccounts' } });
  const abandoning = snap.matches('abandoning');
  const manualConfirm = snap.matches('manualConfirm');
  const sending = snap.matches({ flow: 'sending' });
  const canSend = snap.can({ type: 'bank.link.send' });
  const inProgress = connecting || loadingAccounts || fetchingAch || abandoning;

  const manualLink = (
    <button
      type="button"
      className="linklike"
      onClick={() => send({ type: 'bank.manual.request' })}
      data-testid="bank-manual-link"
    >
      {t('bank.manual.link')}
    </button>
  );
  const channelText = context.channel === 'email' ? t('bank.inProgress.email') : t('bank.inProgress.sms');
  const inProgressTextId = useId();
  const manualTextId = useId();

  return (
    <section className="bank-link card" aria-labelledby="bank-link-title" data-testid="bank-link-panel">
      <h3 id="bank-link-title">{t('bank.title')}</h3>
      {linked ? (
        <>
          <p role="status" className="notice">
            {t('bank.linked')}
          </p>
          <button type="button" className="button button--secondary" onClick={onRestart}>
            {t('bank.resend')}
          </button>
        </>
      ) : manual ? null : (
        <>
          <p>{t('bank.intro')}</p>
          {!inProgress && !picking && !manualConfirm && <Notice notice={context.notice} />}
          <div className="actions actions--start">
            {(canSend || sending) && !inProgress && (
              <button
                type="button"
                className="button"
                disabled={sending}
                onClick={() => send({ type: 'bank.link.send' })}
              >
                {sending ? t('bank.sending') : t(bankLinkSendLabelKey(context))}
              </button>
            )}
            {noAccounts && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => send({ type: 'bank.accounts.retry' })}
              >
                {t('bank.accounts.retry')}
              </button>
            )}
            {achFailed && !severalAccounts && context.account && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => send({ type: 'bank.account.select', accountId: context.account!.id })}
              >
                {t('bank.accounts.retry')}
              </button>
            )}
          </div>
          <p>{manualLink}</p>
        </>
      )}

      <ModalDialog
        className="flow-dialog"
        open={inProgress}
        title={t('bank.inProgress.title')}
        describedBy={inProgressTextId}
        onCancel={() => send({ type: 'bank.abandon' })}
        testId="bank-in-progress"
      >
        <p id={inProgressTextId}>{loadingAccounts ? t('bank.accounts.loading') : channelText}</p>
        {connecting && <Notice notice={context.notice} />}
        {fetchingAch && context.account && (
          <p role="timer" aria-live="off" className="notice" data-testid="bank-ach-countdown">
            {t('bank.ach.loading', { last4: context.account.mask, seconds: context.achSecondsLeft })}
          </p>
        )}
        {checking && (
          <p role="status" className="muted">
            {t('bank.profile.checking')}
          </p>
        )}
        <div className="actions">
          {connecting && (
            <>
              <button
                type="button"
                className="button"
                disabled={checking}
                onClick={() => send({ type: 'bank.profile.check' })}
              >
                {t('bank.profile.check')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => send({ type: 'bank.link.send' })}
              >
                {t('bank.resend')}
              </button>
            </>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={abandoning}
            onClick={() => send({ type: 'bank.abandon' })}
          >
            {t('bank.abandon')}
          </button>
        </div>
        <p>{manualLink}</p>
      </ModalDialog>

      <AccountPicker
        open={picking}
        accounts={context.accounts}
        failedAccountId={achFailed ? (context.account?.id ?? null) : null}
        notice={achFailed ? context.notice : null}
        onSelect={(accountId) => send({ type: 'bank.account.select', accountId })}
        onCancel={() => send({ type: 'bank.abandon' })}
        manualLink={manualLink}
      />

      <ModalDialog
        className="flow-dialog"
        open={manualConfirm}
        title={t('bank.manual.title')}
        describedBy={manualTextId}
        onCancel={() => send({ type: 'bank.manual.cancel' })}
        testId="bank-manual-confirm"
      >
        <p id={manualTextId}>{t('bank.manual.text')}</p>
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'bank.manual.cancel' })}
          >
            {t('bank.manual.cancel')}
          </button>
          <button type="button" className="button" onClick={() => send({ type: 'bank.manual.confirm' })}>
            {t('bank.manual.confirm')}
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}

function AccountPicker({
  open,
  accounts,
  failedAccountId,
  notice,
  onSelect,
  onCancel,
  manualLink,
}: {
  open: boolean;
  accounts: BankAccount[];
  failedAccountId: string | null;
  notice: FlowNotice | null;
  onSelect: (accountId: string) => void;
  onCancel: () => void;
  manualLink: React.ReactNode;
}) {
  const { t } = useFlowT();
  const [chosen, setChosen] = useState<string | null>(null);
  const name = useId();
  useEffect(() => {
    if (open) setChosen((c) => c ?? failedAccountId ?? accounts[0]?.id ?? null);
  }, [open, accounts, failedAccountId]);
  return (
    <ModalDialog
      className="flow-dialog"
      open={open}
      title={t('bank.accounts.title')}
      onCancel={onCancel}
      testId="bank-account-picker"
    >
      <Notice notice={notice} />
      {/* No <form> here: the panel sits inside the banking step's form (nested forms would submit the step). */}
      <div>
        <fieldset className="bank-accounts">
          <legend className="visually-hidden">{t('bank.accounts.title')}</legend>
          {accounts.map((account) => (
            <label key={account.id} className="bank-account">
              <input
                type="radio"
                name={name}
                value={account.id}
                checked={chosen === account.id}
                onChange={() => setChosen(account.id)}
              />
              <span>
                {t('bank.accounts.option', {
                  institution: account.institution?.name ?? '',
                  name: account.name,
                  type: account.type,
                  mask: account.mask,
                })}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('bank.abandon')}
          </button>
          <button type="button" className="button" disabled={!chosen} onClick={() => chosen && onSelect(chosen)}>
            {t('bank.accounts.select')}
          </button>
        </div>
      </div>
      <p>{manualLink}</p>
    </ModalDialog>
  );
}
