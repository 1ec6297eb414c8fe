// The one error type routes throw: an HTTP status, a stable code and the Italian message for the popup.
import { MESSAGES, type MessageCode, type ApiError } from '@sportello/contract';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly errors: ApiError[] = [],
    message: string = MESSAGES[code],
  ) {
    super(message);
  }
}

export const badRequest = (code: MessageCode, errors: ApiError[] = []) => new AppError(400, code, errors);
export const unauthorized = (code: MessageCode = 'login_expired') => new AppError(401, code);
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'not_found');
export const conflict = (code: MessageCode) => new AppError(409, code);
export const gone = (code: MessageCode) => new AppError(410, code);
export const unprocessable = (code: MessageCode, errors: ApiError[] = []) => new AppError(422, code, errors);
export const tooManyRequests = (code: MessageCode = 'too_many_attempts') => new AppError(429, code);

/** A field error for a 400/422 answer. */
export const fieldError = (field: string, code: MessageCode): ApiError => ({
  code,
  field,
  message: MESSAGES[code],
});
