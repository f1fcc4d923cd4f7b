import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { draftAsApplication, type ApplicationFlowInput } from '../../../machines/application/application-flow.ts';
import type { WizardSnapshot } from '../../../machines/application/wizard.machine.ts';
import {
  validateCompleteApplication,
  withConcealedStandIns,
  type FillProfile,
} from '../../../machines/contracts/application.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import { rulesFor } from '../../../machines/domain/application-schema.ts';
import { ApiError } from '../../lib/api.ts';
import { clearSession, getSession, updateSessionStore } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { FillMenu, getStage } from '../../lib/FillMenu.tsx';
import { postToHost } from '../../lib/host-messaging.ts';
import { sessionStore } from '../../lib/safe-storage.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { ApplyHeader, ChangeStoreButton } from '../shell/ApplyFrame.tsx';
import { replayTypedFields } from '../shell/picture-fields.ts';
import { ApplyLoading } from '../shell/step-picture.tsx';
import {
  createSaver,
  fetchFill,
  StaleApplicationError,
  getApplication,
  getSessionInfo,
  getStore,
  type ApplicationAnswer,
  type Saver,
} from './client.ts';
import { bodyToDraft, mergeStale, viewToDraft } from './draft.ts';
import type { FlowHandle } from './flow-handle.ts';
import { LaterStep, loadLaterSteps, prefetchSinglePage, SinglePage } from './later-steps.tsx';
import { isSinglePage, lenderToday, storeFlags } from './store-flags.ts';
import { useAppT } from './text.ts';
import { Wizard } from './Wizard.tsx';
import './application.css';

interface Flow {
  /** Remounts the flow (Fill, a stale copy replaced). */
  key: number;
  input: ApplicationFlowInput;
  snapshot?: WizardSnapshot;
}

/** Route `/apply` (apply/store): the store's application, as a wizard or as the single-page form. */
export function ApplyPage() {
  const { t, tError } = useAppT();
  const { brand, setBrandKey } = useBrand();
  const [, navigate] = useLocation();
  const { push } = useToasts();
  const [session] = useState(() => getSession());
  const [store, setStore] = useState<StoreView | null>(null);
  const [flow, setFlow] = useState<Flow | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [stage, setStage] = useState<string>('unknown');
  const handleRef = useRef<FlowHandle | null>(null);
  const pageRef = useRef<HTMLElement>(null);
  useDocumentTitle(store?.name ?? session?.storeData.name ?? '', brand.name);

  const staleRef = useRef<(current: ApplicationAnswer) => void>(() => undefined);
  const saver: Saver = useMemo(() => createSaver(() => undefined), []);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      // refresh the store (the cached copy came with the token); a store that went away ends the session, other
      // failures keep the cached store and say so; the session's state is asked for at the same time
      const infoRequest = getSessionInfo(signal);
      infoRequest.catch(() => undefined); // awaited below, after the store: no unhandled rejection when that throws first
      let view: StoreView;
      try {
        view = await getStore(session!.retailer, session!.store, signal);
      } catch (error) {
        if (
          (error as Error).name === 'AbortError' ||
          (error instanceof ApiError && [401, 403, 404].includes(error.code))
        )
          throw error;
        push(tError(error instanceof ApiError ? error.message : 'error.unknown'), 'error');
        view = session!.storeData as StoreView;
      }
      if (isSinglePage(view)) prefetchSinglePage();
      const info = await infoRequest;
      setStore(view);
      setBrandKey(view.brand);
      updateSessionStore(view);
      const flags = storeFlags(view);
      const today = lenderToday();
      let input: ApplicationFlowInput = { store: flags, today };
      if (info.application_uuid) {
        // a resumed form may open on any step: its code arrives beside the answers (later-steps.tsx)
        const [answer] = await Promise.all([getApplication(signal), loadLaterSteps()]);
        const draft = viewToDraft(answer);
        saver.load(answer, draft);
        const complete = validateCompleteApplication(
          draftAsApplication(withConcealedStandIns(draft)),
          rulesFor(flags, today),
        ).success;
        input = {
          ...input,
          uuid: answer.uuid,
          prefill: draft,
          savedSections: answer.saved_sections,
          verified: answer.verified,
          coApplicantSaved: !!answer.co_applicant,
          resumeAtConfirmation: complete && !isSinglePage(view),
        };
      } else {
        // Hand-off from the welcome screen (issue 4, web/shopper/welcome): a new applicant's typed data starts the form.
        const carried = sessionStore().getItem('lto.apply.carry');
        sessionStore().removeItem('lto.apply.carry');
        if (carried) {
          try {
            input = {
              ...input,
              prefill: { has_co_applicant: null, ...bodyToDraft(JSON.parse(carried) as Record<string, unknown>) },
            };
          } catch {
            // not readable: the form starts empty
          }
        }
      }
      setFlow((f) => ({ key: (f?.key ?? 0) + 1, input }));
      // push and tError change with the language; the application is loaded once per visit
    },
    [saver, setBrandKey, session],
  );

  useEffect(() => {
    if (!session) {
      navigate('/', { replace: true });
      return;
    }
    setBrandKey(session.storeData.brand);
    // the single-page form's code travels beside the store's data instead of after it
    if (isSinglePage(session.storeData as StoreView)) prefetchSinglePage();
    postToHost('update', {
      status: 'started',
      step: 'apply',
      data: { retailer: session.retailer, store: session.store },
    });
    const controller = new AbortController();
    load(controller.signal).catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      if (error instanceof ApiError && error.code === 404 && /store/i.test(error.message)) {
        clearSession();
        navigate('/store-not-found', { replace: true });
        return;
      }
      if (error instanceof ApiError && error.code === 401) {
        clearSession();
        navigate('/', { replace: true });
        return;
      }
      if (error instanceof ApiError && error.code === 403) return;
      setFailed(error instanceof ApiError ? error.message : 'error.unknown');
    });
    void getStage().then(setStage);
    return () => controller.abort();
    // the application is loaded once per visit of the route
  }, [session, navigate, setBrandKey, load]);

  // What the shopper typed into the first step's picture while the form loaded goes into the form as it appears
  // (shell/picture-fields.ts): after the form's own effects, which start its machine (edits sent before would wait).
  useEffect(() => {
    if (flow) void replayTypedFields(pageRef.current!);
  }, [flow]);

  // A stale save (409): reload the application as stored, keep this tab's unsaved edits, tell the shopper.
  staleRef.current = (current) => {
    const handle = handleRef.current;
    const local = handle?.draft() ?? {};
    const { draft, savedSections } = mergeStale(local, saver.known().sections, current);
    saver.load(current, viewToDraft(current));
    const snapshot = handle?.snapshot?.();
    setFlow((f) => {
      if (!f) return f;
      const input = {
        ...f.input,
        uuid: current.uuid,
        prefill: draft,
        savedSections,
        coApplicantSaved: !!current.co_applicant,
        resumeAtConfirmation: false,
      };
      if (!snapshot) return { key: f.key + 1, input };
      // the wizard stays on its step with the stored application (and this step's typing) as its draft
      const patched = {
        ...snapshot,
        context: { ...snapshot.context, draft, uuid: current.uuid, coApplicantSaved: !!current.co_applicant },
      } as WizardSnapshot;
      return { key: f.key + 1, input, snapshot: patched };
    });
    push(t('application.stale'), 'info');
  };

  const onFill = async (type: FillProfile) => {
    if (!store || !flow) return;
    try {
      const body = await fetchFill(type, store.id);
      const prefill = bodyToDraft(body as Record<string, unknown>);
      setFlow((f) =>
        f
          ? {
              key: f.key + 1,
              snapshot: undefined,
              input: {
                ...f.input,
                prefill: { ...prefill, has_co_applicant: prefill.has_co_applicant ?? null },
                savedSections: [],
                resumeAtConfirmation: false,
              },
            }
          : f,
      );
      push(t('application.fill.done'), 'success');
    } catch (error) {
      push(tError(error instanceof ApiError ? error.message : 'error.unknown'), 'error');
    }
  };

  if (!session) return null;
  const shown = store ?? (session.storeData as StoreView);
  return (
    <section ref={pageRef} aria-labelledby="store-title" className="apply">
      <ApplyHeader store={shown} />
      {stage !== 'prod' && stage !== 'unknown' && flow && (
        <FillMenu t={t} texts="application.fill" onFill={(type) => void onFill(type)} />
      )}
      {failed && (
        <div className="alert" role="alert">
          {tError(failed)}{' '}
          <button
            type="button"
            className="linklike"
            onClick={() => {
              setFailed(null);
              load().catch((e: unknown) => setFailed(e instanceof ApiError ? e.message : 'error.unknown'));
            }}
          >
            {t('app.retry')}
          </button>
        </div>
      )}
      {/* the form's first step as prerendered (when the store's form opens on it) until the form is ready */}
      {!flow && !failed && <ApplyLoading store={shown} text={t('application.loading')} />}
      {flow && store && (
        <FlowView key={flow.key} flow={flow} store={store} saver={saver} staleRef={staleRef} handleRef={handleRef} />
      )}
      <ChangeStoreButton />
    </section>
  );
}

/** One mount of the flow: a saver whose stale answers reach the page, and the flow's machine. */
function FlowView({
  flow,
  store,
  saver,
  staleRef,
  handleRef,
}: {
  flow: Flow;
  store: StoreView;
  saver: Saver;
  staleRef: React.RefObject<(c: ApplicationAnswer) => void>;
  handleRef: React.RefObject<FlowHandle | null>;
}) {
  const flowSaver = useMemo<Saver>(
    () => ({
      ...saver,
      save: (input) =>
        saver.save(input).catch((error: unknown) => {
          // after the machine took the failure in (back to editing), reload the stored application
          if (error instanceof StaleApplicationError) setTimeout(() => staleRef.current(error.current), 0);
          throw error;
        }),
    }),
    [saver, staleRef],
  );
  const register = useCallback(
    (handle: FlowHandle) => {
      handleRef.current = handle;
    },
    [handleRef],
  );
  return isSinglePage(store) ? (
    <LaterStep>
      <SinglePage store={store} input={flow.input} saver={flowSaver} register={register} />
    </LaterStep>
  ) : (
    <Wizard store={store} input={flow.input} saver={flowSaver} snapshot={flow.snapshot} register={register} />
  );
}
