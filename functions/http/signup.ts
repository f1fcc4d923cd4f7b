import { signupRequest } from '../../machines/contracts/network.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { AppError } from '../platform/errors.ts';
import { readMultipart } from '../platform/multipart.ts';
import { ok } from '../platform/response.ts';
import { issuesToFieldErrors, readJsonBody } from '../platform/validate.ts';
import { blobsProvider } from '../providers/blobs/provider.ts';
import { fileError } from '../services/files.ts';
import { UPLOAD_MAX_BYTES } from '../services/file-types.ts';
import { createSignupDraft, submitSignup, uploadSignupDocument } from '../services/network/signup.ts';
import { clientIp } from '../services/staff/session.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { safeParse } from 'zod/v4/core';

// Route group 'signup': the public Retailer, Store and Contractor Sign Up (no staff session). Thin: parse, validate,
// call functions/services/network/signup.ts. Rate-limited per client address by the service.

/** Multipart overhead allowed above the file's own limit (boundaries, part headers, the draft field). */
const MULTIPART_SLACK_BYTES = 64 * 1024;

const translated = (ctx: RequestContext, errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => translate(ctx.lang, m))]));

export const handlers: HandlerMap = {
  async signupDraft(ctx, deps) {
    return ok(await createSignupDraft(deps, clientIp(ctx), ctx.lang));
  },
  async signupUpload(ctx, deps) {
    const body = await readMultipart(ctx.event, {
      maxBytes: UPLOAD_MAX_BYTES + MULTIPART_SLACK_BYTES,
      tooLarge: fileError(ctx.lang, 'network.file.tooLarge'),
      notMultipart: fileError(ctx.lang, 'network.file.required'),
    });
    if (!body.file) throw fileError(ctx.lang, 'network.file.required');
    // The draft comes as a form field, or in the query (the toolkit's upload field sends only `file`).
    const draft = body.fields.draft ?? ctx.event.queryStringParameters?.draft ?? '';
    const file = await uploadSignupDocument(deps, {
      draft,
      ip: clientIp(ctx),
      lang: ctx.lang,
      file: { name: body.file.name, type: body.file.type, bytes: body.file.bytes },
    });
    return ok(file);
  },
  async signupSubmit(ctx, deps) {
    const raw = readJsonBody(ctx.event);
    const result = safeParse(signupRequest, raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
    if (!result.success) {
      const errors = translated(ctx, issuesToFieldErrors(result.error.issues));
      throw new AppError(422, 'The given data was invalid.', errors);
    }
    const created = await submitSignup(deps, result.data, clientIp(ctx), ctx.lang);
    return ok(created, translate(ctx.lang, 'network.signup.submitted'));
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ blobs: blobsProvider }));
