import type { FieldErrors } from '../../machines/contracts/envelope.ts';

// Every failure a handler may report is an AppError; anything else reaching the edge is a bug and becomes a 500.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Your session is no longer valid. Please login again') =>
  new AppError(401, message);
export const forbidden = (message = 'Permission Denied') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, data?: unknown) => new AppError(409, message, undefined, data);
export const gone = (message: string) => new AppError(410, message);
export const unprocessable = (errors: FieldErrors, message = 'The given data was invalid.') =>
  new AppError(422, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);
