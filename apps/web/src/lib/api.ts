import { notifyError } from './error-message.ts';
import { createHttpClient, type HttpClient } from './http.ts';

/**
 * The app's HTTP client. Navigation after a session ends is wired by the AuthProvider,
 * which knows the router; failures of non-silent calls are toasted here.
 */
export const http: HttpClient = createHttpClient({ onError: notifyError });
