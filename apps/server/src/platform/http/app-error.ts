import { type ErrorCode, errorCatalogue } from '@wacrm/shared';

/** A failure the client caused or must know about; the error handler turns it into `{error, message}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly extra: { fields?: Record<string, string>; details?: Record<string, unknown>; message?: string } = {},
  ) {
    super(extra.message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code);
export const forbidden = (code: ErrorCode = 'ERR_NO_PERMISSION') => new AppError(code);
