import { passwordResetRoutes } from '@wacrm/shared/password-reset/password-reset.routes';
import { http } from '../../../lib/api.ts';

// spec: the email, code and new password travel in the path; `http.call` escapes each part.
export const passwordResetApi = {
  requestCode: (email: string) =>
    http.call(passwordResetRoutes.requestCode, { params: { email }, auth: false, silent: true }),
  resetPassword: (email: string, code: string, newPassword: string) =>
    http.call(passwordResetRoutes.resetPassword, {
      params: { email, token: code, newPassword },
      auth: false,
      silent: true,
    }),
};
