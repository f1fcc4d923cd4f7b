import * as z from 'zod/mini';
import type { Deps } from '../platform/deps.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { html, ok } from '../platform/response.ts';
import { rawBodyOf } from '../platform/signatures.ts';
import { parseBody, parsePath, parseQuery } from '../platform/validate.ts';
import { listRefusedCallbacks, getVendorStatus, listVendorEvents } from '../providers/bank-link/inbound.ts';
import {
  createBankLinkSandbox,
  institutionByKey,
  SANDBOX_BANK_CREDENTIALS,
  SANDBOX_INSTITUTIONS,
  type SandboxBankSession,
} from '../providers/bank-link/sandbox.ts';
import { sandboxOptions } from '../providers/bank-link/verification-vendors.ts';
import { createIdentitySandbox, SANDBOX_DOCUMENTS, type SandboxIdentityCheck } from '../providers/identity/sandbox.ts';
import { SANDBOX_EMPLOYERS } from '../providers/payroll/employers.ts';
import {
  createPayrollSandbox,
  SANDBOX_PAYROLL_CREDENTIALS,
  SANDBOX_PAYROLL_OUTCOMES,
  type SandboxPayrollSession,
} from '../providers/payroll/sandbox.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { verificationFlowProviders } from './verification-providers.ts';
import { lambdaHandler } from './dispatch.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// The sandbox verification vendors' own pages (where Plaid Link, a mobile ID scan or Argyle Link would show theirs)
// and a small JSON console that calls our ports, for testers and integration tests. Auth 'sandbox': never in prod.

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6f8}main{max-width:32rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #c9d1d9;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}h1{font-size:1.4rem}
.vendor{font-size:.85rem;color:#4a5560;text-transform:uppercase;letter-spacing:.05em}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=text],input[type=password],select{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #6b7680;border-radius:.3rem}
fieldset{border:1px solid #c9d1d9;border-radius:.3rem;margin:.75rem 0;padding:.5rem .75rem}legend{font-weight:600}
.option{display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0}.option label{margin:0;font-weight:normal}
button{font-size:1rem;padding:.65rem 1.1rem;margin:.5rem .5rem 0 0;border-radius:.3rem;border:1px solid #0b5cad;background:#0b5cad;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b5cad}button.block{display:block;width:100%;margin:.6rem 0}
:focus-visible{outline:3px solid #f5a623;outline-offset:2px}.error{color:#a4000f;background:#fdecee;border:1px solid #a4000f;padding:.6rem;border-radius:.3rem}
.hint{background:#eef6ff;border:1px solid #8fb8e6;padding:.6rem;border-radius:.3rem}.ok{color:#0a6b2d}code{font-size:1rem}`;

// Focus the first error (or the heading) so screen readers announce it; stop double submits.
const SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var e=document.querySelector('[role=alert]')||document.querySelector('h1');if(e){e.setAttribute('tabindex','-1');e.focus();}
document.querySelectorAll('form').forEach(function(f){f.addEventListener('submit',function(){setTimeout(function(){f.querySelectorAll('button').forEach(function(b){b.disabled=true;});},0);});});});`;

function page(vendor: string, title: string, body: string, status = 200) {
  return html(
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} — ${esc(vendor)} (sandbox)</title><style>${STYLE}</style></head>
<body><main><p class="vendor">${esc(vendor)} · sandbox test mode</p><h1>${esc(title)}</h1>${body}</main><script>${SCRIPT}</script></body></html>`,
    { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  );
}

/** A vendor link that names nothing; on the page the shopper opens first it also says where to get a new one. */
function linkNotFound(vendor: string, problem: string, firstPage: boolean) {
  const advice = firstPage ? ' Ask for a new one on the application page.' : '';
  return page(vendor, 'Link not found', `<div class="card"><p>This link is ${problem}.${advice}</p></div>`, 404);
}

const errorBox = (id: string, message?: string) =>
  message ? `<p class="error" role="alert" id="${id}">${esc(message)}</p>` : '';

function formFields(ctx: RequestContext): URLSearchParams {
  return new URLSearchParams(rawBodyOf(ctx.event));
}

const ctxOf = (deps: Deps) => ({
  config: deps.config,
  db: deps.db,
  clock: deps.clock,
  crypto: deps.crypto,
  log: deps.log,
});

function bankSandbox(deps: Deps) {
  const { secrets, ...base } = sandboxOptions(ctxOf(deps), deps.providers.messaging);
  return createBankLinkSandbox({ ...base, webhookSecret: secrets.bankLink });
}
function identitySandbox(deps: Deps) {
  const { secrets, ...base } = sandboxOptions(ctxOf(deps), deps.providers.messaging);
  return createIdentitySandbox({ ...base, webhookSecret: secrets.identity });
}
function payrollSandbox(deps: Deps) {
  const { secrets, ...base } = sandboxOptions(ctxOf(deps), deps.providers.messaging);
  return createPayrollSandbox({ ...base, webhookSecret: secrets.payroll });
}

const idPath = (name: string) => z.object({ [name]: z.string().check(z.regex(/^[A-Za-z0-9_]{8,64}$/)) });

// ---- bank ---------------------------------------------------------------------------------------------------------

const BANK = 'Sandbox Bank Link';

function bankPage(session: SandboxBankSession, error?: string, status = 200) {
  const action = `/sandbox/bank/connect/${esc(session.sessionId)}`;
  if (session.status === 'connected') {
    return page(
      BANK,
      'Bank connected',
      `<div class="card"><p class="ok" role="status">Your bank account is connected. You can close this page and return to your application.</p></div>`,
    );
  }
  const institution = session.institution ? institutionByKey(session.institution) : undefined;
  if (!institution) {
    const options = SANDBOX_INSTITUTIONS.map(
      (i, n) =>
        `<div class="option"><input type="radio" name="institution" id="inst-${n}" value="${esc(i.key)}" aria-describedby="inst-${n}-d"${n === 0 ? ' required' : ''}><label for="inst-${n}">${esc(i.name)}</label></div><p class="hint" id="inst-${n}-d" style="margin:0 0 .5rem 1.6rem;padding:.2rem .5rem">${esc(i.description)}</p>`,
    ).join('');
    return page(
      BANK,
      'Select your bank',
      `${errorBox('bank-error', error)}<form class="card" method="post" action="${action}"><input type="hidden" name="step" value="institution"><fieldset><legend>Test institutions</legend>${options}</fieldset><button type="submit">Continue</button></form>`,
      status,
    );
  }
  if (!session.loggedIn) {
    return page(
      BANK,
      `Log in to ${institution.name}`,
      `<p class="hint" id="creds">Test credentials: user name <code>${SANDBOX_BANK_CREDENTIALS.username}</code>, password <code>${SANDBOX_BANK_CREDENTIALS.password}</code>.</p>
${errorBox('login-error', error)}
<form class="card" method="post" action="${action}"><input type="hidden" name="step" value="login">
<label for="username">User name</label><input type="text" id="username" name="username" autocomplete="off" required aria-describedby="creds${error ? ' login-error' : ''}"${error ? ' aria-invalid="true"' : ''}>
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="off" required aria-describedby="creds${error ? ' login-error' : ''}"${error ? ' aria-invalid="true"' : ''}>
<button type="submit">Log in</button></form>
<form method="post" action="${action}"><input type="hidden" name="step" value="restart"><button type="submit" class="secondary">Choose another bank</button></form>`,
      status,
    );
  }
  const accounts = institution.accounts
    .map(
      (a, n) =>
        `<div class="option"><input type="checkbox" name="accounts" id="acc-${n}" value="${esc(a.key)}" checked><label for="acc-${n}">${esc(a.name)} (${esc(a.type)})</label></div>`,
    )
    .join('');
  return page(
    BANK,
    institution.accounts.length ? 'Choose the accounts to share' : 'No accounts to share',
    `${errorBox('accounts-error', error)}<form class="card" method="post" action="${action}"><input type="hidden" name="step" value="accounts">
${institution.accounts.length ? `<fieldset${error ? ' aria-describedby="accounts-error"' : ''}><legend>Accounts at ${esc(institution.name)}</legend>${accounts}</fieldset>` : `<p>${esc(institution.name)} has no accounts that can be shared. Connecting will give your application a profile without accounts.</p>`}
<button type="submit">Connect</button></form>`,
    status,
  );
}

// ---- identity -----------------------------------------------------------------------------------------------------

const ID = 'Sandbox ID Check';

function identityPage(check: SandboxIdentityCheck, expired: boolean, error?: string, status = 200) {
  if (check.status !== 'pending') {
    const text =
      check.status === 'passed'
        ? 'Your license was verified. You can return to your application.'
        : check.status === 'expired-document'
          ? 'The license is expired. Your application will ask you what to do next.'
          : 'The license does not match the application. Your application will ask you what to do next.';
    return page(
      ID,
      'Identity check finished',
      `<div class="card"><p role="status">${esc(text)}</p><p>Result: <strong>${esc(check.status)}</strong></p></div>`,
    );
  }
  if (expired)
    return page(
      ID,
      'This link has expired',
      `<div class="card"><p>Ask for a new link on the application page.</p></div>`,
      410,
    );
  const buttons = SANDBOX_DOCUMENTS.map(
    (d) => `<button type="submit" class="block" name="document" value="${esc(d.key)}">${esc(d.label)}</button>`,
  ).join('');
  return page(
    ID,
    'Scan your driver’s license',
    `<p>On a real phone the camera would open here. In the sandbox, pick the test document to "scan":</p>${errorBox('scan-error', error)}
<form class="card" method="post" action="/sandbox/identity/${esc(check.checkId)}">${buttons}</form>`,
    status,
  );
}

// ---- payroll ------------------------------------------------------------------------------------------------------

const PAY = 'Sandbox Payroll Connect';

function payrollPage(
  session: SandboxPayrollSession,
  expired: boolean,
  error?: { message: string; field: string },
  status = 200,
) {
  if (session.result) {
    const r = session.result;
    const text =
      r.status === 'completed'
        ? `Income verified: $${(r.monthlyIncomeCents / 100).toFixed(2)} per month at ${r.employerName}.`
        : r.status === 'failed'
          ? 'We could not verify your income.'
          : 'Waiting for your payroll data.';
    return page(
      PAY,
      'Payroll connection finished',
      `<div class="card"><p role="status">${esc(text)}</p><p>You can return to your application and press Refresh.</p></div>`,
    );
  }
  if (expired)
    return page(
      PAY,
      'This link has expired',
      `<div class="card"><p>Ask for a new link (Resend link) on the application page.</p></div>`,
      410,
    );
  const described = (field: string) =>
    error?.field === field ? ' aria-describedby="payroll-error" aria-invalid="true"' : '';
  const employers = SANDBOX_EMPLOYERS.map(
    (e) =>
      `<option value="${esc(e.id)}"${e.id === session.employerId ? ' selected' : ''}>${esc(e.employerName)}${e.pdSupported ? '' : ' (payroll deduction not supported)'}</option>`,
  ).join('');
  const outcomes = SANDBOX_PAYROLL_OUTCOMES.map(
    (o, n) =>
      `<div class="option"><input type="radio" name="outcome" id="out-${n}" value="${o.key}"${n === 0 ? ' checked' : ''} aria-describedby="out-${n}-d"><label for="out-${n}">${esc(o.label)}</label></div><p id="out-${n}-d" style="margin:0 0 .5rem 1.6rem;color:#4a5560">${esc(o.description)}</p>`,
  ).join('');
  return page(
    PAY,
    'Connect your payroll account',
    `<p class="hint" id="pay-creds">Test credentials: user name <code>${SANDBOX_PAYROLL_CREDENTIALS.username}</code>, password <code>${SANDBOX_PAYROLL_CREDENTIALS.password}</code>.</p>
${error ? errorBox('payroll-error', error.message) : ''}
<form class="card" method="post" action="/sandbox/payroll/connect/${esc(session.sessionId)}">
<label for="employerId">Employer</label><select id="employerId" name="employerId"${described('employerId')}>${employers}</select>
<label for="username">Payroll user name</label><input type="text" id="username" name="username" autocomplete="off" required aria-describedby="pay-creds${error?.field === 'username' ? ' payroll-error' : ''}"${error?.field === 'username' ? ' aria-invalid="true"' : ''}>
<label for="password">Payroll password</label><input type="password" id="password" name="password" autocomplete="off" required aria-describedby="pay-creds">
<fieldset${described('outcome')}><legend>Sandbox outcome</legend>${outcomes}</fieldset>
<button type="submit">Connect and share income</button></form>`,
    status,
  );
}

// ---- the console: call our ports as the flows will -------------------------------------------------------------

const vendorPath = z.object({
  vendor: z.enum(['bank-link', 'identity', 'payroll']),
  operation: z.string().check(z.regex(/^[a-zA-Z]{3,40}$/)),
});
const objectPath = z.object({
  vendor: z.enum(['bank-link', 'identity', 'payroll']),
  objectId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/)),
});
const refusedPath = z.object({ vendor: z.enum(['bank-link', 'identity', 'payroll']) });
const str = (max = 200) => z.string().check(z.minLength(1), z.maxLength(max));
const opt = (max = 200) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

const consoleCalls: Record<string, (deps: Deps, ctx: RequestContext) => Promise<unknown>> = {
  'bank-link/createLinkSession': (deps, ctx) =>
    deps.providers.bankLink.createLinkSession(
      parseBody(
        z.object({
          applicantId: str(),
          channel: z.enum(['sms', 'email']),
          phone: opt(),
          email: opt(),
          firstName: opt(),
          brandName: opt(),
        }),
        ctx.event,
      ),
    ),
  'bank-link/checkProfile': (deps, ctx) =>
    deps.providers.bankLink.checkProfile(parseBody(z.object({ applicantId: str() }), ctx.event).applicantId),
  'bank-link/listAccounts': (deps, ctx) =>
    deps.providers.bankLink.listAccounts(parseBody(z.object({ profileId: str() }), ctx.event).profileId),
  'bank-link/getAchNumbers': (deps, ctx) =>
    deps.providers.bankLink.getAchNumbers(parseBody(z.object({ accountId: str() }), ctx.event).accountId),
  'bank-link/deleteProfile': async (deps, ctx) => {
    await deps.providers.bankLink.deleteProfile(parseBody(z.object({ profileId: str() }), ctx.event).profileId);
    return null;
  },
  'identity/sendLink': (deps, ctx) =>
    deps.providers.identity.sendLink(
      parseBody(z.object({ phone: str(20), reference: str(), checkId: opt(), brandName: opt() }), ctx.event),
    ),
  'identity/getStatus': (deps, ctx) =>
    deps.providers.identity.getStatus(parseBody(z.object({ checkId: str() }), ctx.event).checkId),
  'payroll/searchEmployers': (deps, ctx) =>
    deps.providers.payroll.searchEmployers(
      parseBody(z.object({ keyword: z.string().check(z.maxLength(100)) }), ctx.event).keyword,
    ),
  'payroll/startSession': (deps, ctx) =>
    deps.providers.payroll.startSession(
      parseBody(
        z.object({
          applicationId: str(),
          applicantId: str(),
          firstName: str(),
          lastName: str(),
          channel: z.enum(['sms', 'email']),
          phone: opt(),
          email: opt(),
          employer: z.object({ id: str(), name: str() }),
          statedMonthlyIncomeCents: z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))),
          brandName: opt(),
        }),
        ctx.event,
      ),
    ),
  'payroll/getResult': (deps, ctx) =>
    deps.providers.payroll.getResult(parseBody(z.object({ sessionId: str() }), ctx.event).sessionId),
  'payroll/resendLink': (deps, ctx) =>
    deps.providers.payroll.resendLink(parseBody(z.object({ sessionId: str() }), ctx.event).sessionId),
};

export const handlers: HandlerMap = {
  async bankConnectPage(ctx, deps) {
    const { sessionId } = parsePath(idPath('sessionId'), ctx.event) as { sessionId: string };
    const session = await bankSandbox(deps).pages.loadSession(sessionId);
    if (!session) return linkNotFound(BANK, 'not valid or has expired', true);
    return bankPage(session);
  },

  async bankConnectStep(ctx, deps) {
    const { sessionId } = parsePath(idPath('sessionId'), ctx.event) as { sessionId: string };
    const { pages } = bankSandbox(deps);
    const session = await pages.loadSession(sessionId);
    if (!session) return linkNotFound(BANK, 'not valid or has expired', false);
    if (session.status === 'connected') return bankPage(session);
    const form = formFields(ctx);
    switch (form.get('step')) {
      case 'institution': {
        const next = await pages.chooseInstitution(session, form.get('institution') ?? '');
        return next ? bankPage(next) : bankPage(session, 'Choose one of the test institutions.', 422);
      }
      case 'restart':
        return bankPage(await pages.restart(session));
      case 'login': {
        const error = await pages.login(session, form.get('username') ?? '', form.get('password') ?? '');
        if (error) return bankPage(session, error, 422);
        return bankPage({ ...session, loggedIn: true });
      }
      case 'accounts': {
        const result = await pages.connect(session, form.getAll('accounts'));
        if ('error' in result) return bankPage(session, result.error, 422);
        return bankPage({ ...session, status: 'connected', profileId: result.profileId });
      }
      default:
        return bankPage(session, 'Something went wrong. Please start again.', 400);
    }
  },

  async identityPage(ctx, deps) {
    const { checkId } = parsePath(idPath('checkId'), ctx.event) as { checkId: string };
    const { pages } = identitySandbox(deps);
    const check = await pages.load(checkId);
    if (!check) return linkNotFound(ID, 'not valid', true);
    return identityPage(check, pages.linkExpired(check));
  },

  async identityScan(ctx, deps) {
    const { checkId } = parsePath(idPath('checkId'), ctx.event) as { checkId: string };
    const { pages } = identitySandbox(deps);
    const check = await pages.load(checkId);
    if (!check) return linkNotFound(ID, 'not valid', false);
    const result = await pages.scan(check, formFields(ctx).get('document') ?? '');
    if ('error' in result) return identityPage(check, pages.linkExpired(check), result.error, 422);
    return identityPage(result.check, false);
  },

  async payrollPage(ctx, deps) {
    const { sessionId } = parsePath(idPath('sessionId'), ctx.event) as { sessionId: string };
    const { pages } = payrollSandbox(deps);
    const session = await pages.load(sessionId);
    if (!session) return linkNotFound(PAY, 'not valid', true);
    return payrollPage(session, pages.linkExpired(session));
  },

  async payrollComplete(ctx, deps) {
    const { sessionId } = parsePath(idPath('sessionId'), ctx.event) as { sessionId: string };
    const { pages } = payrollSandbox(deps);
    const session = await pages.load(sessionId);
    if (!session) return linkNotFound(PAY, 'not valid', false);
    const form = formFields(ctx);
    const done = await pages.complete(session, {
      employerId: form.get('employerId') ?? '',
      username: form.get('username') ?? '',
      password: form.get('password') ?? '',
      outcome: form.get('outcome') ?? '',
    });
    if ('error' in done)
      return payrollPage(session, pages.linkExpired(session), { message: done.error, field: done.field }, 422);
    return payrollPage({ ...session, result: done.result }, false);
  },

  async vendorConsole(ctx, deps) {
    const { vendor, operation } = parsePath(vendorPath, ctx.event);
    const call = consoleCalls[`${vendor}/${operation}`];
    if (!call) throw new AppError(404, 'Requested resource was not found');
    return ok(await call(deps, ctx));
  },

  async vendorObject(ctx, deps) {
    const { vendor, objectId } = parsePath(objectPath, ctx.event);
    const status = await getVendorStatus(deps, vendor, objectId);
    const events = await listVendorEvents(deps, vendor, objectId);
    if (!status && events.length === 0) throw notFound('No callbacks were received for this object');
    return ok({
      status: status
        ? {
            status: status.status,
            lastEventId: status.lastEventId,
            lastEventType: status.lastEventType,
            occurredAt: status.occurredAt,
            data: status.data,
          }
        : null,
      events,
    });
  },

  async vendorRefused(ctx, deps) {
    const { vendor } = parsePath(refusedPath, ctx.event);
    const { limit } = parseQuery(z.object({ limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))) }), ctx.event);
    return ok(await listRefusedCallbacks(deps, vendor, limit ? Math.min(Number(limit), 100) : 20));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps(verificationFlowProviders));
