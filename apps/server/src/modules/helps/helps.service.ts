import type { HelpFields } from '@wacrm/shared';
import { notFound } from '../../platform/http/app-error.ts';
import type { HelpsRepository } from './helps.repository.ts';

export function createHelpsService(repository: HelpsRepository) {
  return {
    list: () => repository.list(),

    create: (fields: HelpFields) => repository.create(fields),

    async update(id: number, fields: HelpFields) {
      const help = await repository.update(id, fields);
      if (!help) throw notFound();
      return help;
    },

    async remove(id: number) {
      if (!(await repository.remove(id))) throw notFound();
    },
  };
}

export type HelpsService = ReturnType<typeof createHelpsService>;
