import { safeParse, type $ZodIssue, type $ZodType, type output } from 'zod/v4/core';
import type { FieldErrors } from '../../machines/contracts/envelope.ts';
import { AppError, badRequest, unprocessable } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

// Bodies above this are refused before parsing: no form of ours comes near it.
export const MAX_BODY_BYTES = 256 * 1024;

export function issuesToFieldErrors(issues: readonly $ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

// No request of ours nests deeper than a handful of levels (an application's sections, a rule's matrix); this leaves
// room for any of them and refuses a body built to be expensive (100,000 levels) before anything walks it.
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text opens more than `limit` arrays and objects inside each other (brackets in strings aside). */
export function jsonNestingExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** The body as text, refused when too large or nested too deep: the edge's check, before authentication or a handler. */
export function checkBodyShape(event: HttpEvent): void {
  if (!event.body) return;
  const type = event.headers['content-type'] ?? '';
  // Uploads (multipart, files) are not JSON: their bytes are not brackets.
  if (type && !/json|text\/plain/i.test(type)) return;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) return; // the size limit answers it (413) where the body is read
  if (jsonNestingExceeds(raw)) throw badRequest('error.tooDeep');
}

// A request's body parsed once: the edge looks ahead into some bodies (the application a request names, read with
// its session) before the handler validates the same body.
const parsedBodies = new WeakMap<HttpEvent, { raw: string; value: unknown }>();

export function readJsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const seen = parsedBodies.get(event);
  if (seen && seen.raw === event.body) return seen.value;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new AppError(413, 'error.tooLarge');
  if (!raw.trim()) return {};
  if (jsonNestingExceeds(raw)) throw badRequest('error.tooDeep');
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('error.invalidJson');
  }
  parsedBodies.set(event, { raw: event.body, value });
  return value;
}

export function parseWith<S extends $ZodType>(schema: S, input: unknown): output<S> {
  const result = safeParse(schema, input);
  if (!result.success) throw unprocessable(issuesToFieldErrors(result.error.issues));
  return result.data;
}

export const parseBody = <S extends $ZodType>(schema: S, event: HttpEvent): output<S> => {
  const body = readJsonBody(event);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('error.notAnObject');
  return parseWith(schema, body);
};

export const parseQuery = <S extends $ZodType>(schema: S, event: HttpEvent): output<S> =>
  parseWith(schema, event.queryStringParameters ?? {});

export const parsePath = <S extends $ZodType>(schema: S, event: HttpEvent): output<S> => {
  const result = safeParse(schema, event.pathParameters ?? {});
  // A path that does not fit its pattern names nothing we have.
  if (!result.success) throw new AppError(404, 'Requested resource was not found');
  return result.data;
};
