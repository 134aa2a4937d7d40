import { hasPermission, type Permission } from '@wacrm/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** preHandler hooks for routes that need more than a logged-in user. */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest) => {
    if (!hasPermission(request.session, permission)) throw new AppError('ERR_NO_PERMISSION');
  };
}

export const requireAdmin = requirePermission('drawer-admin-items:view');

export async function requireSuper(request: FastifyRequest) {
  if (!request.session.isSuper) throw new AppError('ERR_NO_PERMISSION');
}
