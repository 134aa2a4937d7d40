import type { ErrorBody } from '@wacrm/shared/errors/error-body.schema';

/** A failed API call. `code` is the catalogue code when the server sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | string | null,
    /** True when the failure ended the session: the user is being sent to /login, no toast needed. */
    readonly endedSession = false,
  ) {
    super(typeof body === 'object' && body ? body.message : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | null {
    return typeof this.body === 'object' && this.body ? this.body.error : null;
  }

  get details(): Record<string, unknown> | undefined {
    return typeof this.body === 'object' && this.body ? this.body.details : undefined;
  }

  get fields(): Record<string, string> | undefined {
    return typeof this.body === 'object' && this.body ? this.body.fields : undefined;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
