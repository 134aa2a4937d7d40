import { deadLetterRoutes } from '@wacrm/shared/dead-letters/dead-letter.routes';
import { http } from '../../../lib/api.ts';

export const deadLettersKeys = { list: ['dead-letters'] as const };

export const deadLettersApi = {
  list: () => http.call(deadLetterRoutes.list),
  dismiss: (id: number) => http.call(deadLetterRoutes.remove, { params: { id } }),
};
