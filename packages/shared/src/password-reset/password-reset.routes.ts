// The method and path of each route in password-reset.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './password-reset.contract.ts';

export const passwordResetRoutes = routeRefs<typeof contracts.passwordResetRoutes>({
  requestCode: { method: 'POST', path: '/api/forgetpassword/:email' },
  resetPassword: { method: 'POST', path: '/api/resetpasswords/:email/:token/:newPassword' },
});
