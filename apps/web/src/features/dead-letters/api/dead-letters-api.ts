import type { DeadLetter } from '@wacrm/shared/dead-letters/dead-letter.schema';
import { http } from '../../../lib/api.ts';

export const deadLettersKeys = { list: ['dead-letters'] as const };

export const deadLettersApi = {
  list: () => http.get<DeadLetter[]>('/api/dead-letters'),
  dismiss: (id: number) => http.delete(`/api/dead-letters/${id}`),
};
