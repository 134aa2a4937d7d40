import { http } from '../../../lib/api.ts';

// spec: the email, code and new password travel in the path; each part is escaped.
const part = encodeURIComponent;

export const passwordResetApi = {
  requestCode: (email: string) =>
    http.post<{ sent: true; expiresInMinutes: number }>(`/api/forgetpassword/${part(email)}`, undefined, {
      auth: false,
      silent: true,
    }),
  resetPassword: (email: string, code: string, newPassword: string) =>
    http.post<{ reset: true }>(`/api/resetpasswords/${part(email)}/${part(code)}/${part(newPassword)}`, undefined, {
      auth: false,
      silent: true,
    }),
};
