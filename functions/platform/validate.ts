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

// A request's body parsed once: the edge looks ahead into some bodies (the application a request names, read with
// its session) before the handler validates the same body.
const parsedBodies = new WeakMap<HttpEvent, { raw: string; value: unknown }>();

export function readJsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const seen = parsedBodies.get(event);
  if (seen && seen.raw === event.body) return seen.value;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new AppError(413, 'The request body is too large.');
  if (!raw.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON. Send a JSON object.');
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
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.');
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
