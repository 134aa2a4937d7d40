import { useQuery } from '@tanstack/react-query';
import { useConnections } from '../../connections/index.ts';
import { queuesApi, queuesKeys } from '../../queues/index.ts';
import { tagsApi, tagsKeys } from '../../tags/index.ts';
import { usersApi, usersKeys } from '../../users/index.ts';
import type { FilterOptions } from '../components/report-filters.tsx';

const named = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((item) => ({ id: item.id, name: item.name }));

/** The queues, attendants, connections and tags to filter by (admins and supervisors only). */
export function useFilterOptions(companyId: number, isEnabled: boolean): FilterOptions {
  const queues = useQuery({ queryKey: queuesKeys.list(companyId), queryFn: queuesApi.list, enabled: isEnabled });
  const users = useQuery({ queryKey: usersKeys.options(companyId), queryFn: usersApi.options, enabled: isEnabled });
  const tags = useQuery({ queryKey: tagsKeys.options(companyId), queryFn: tagsApi.options, enabled: isEnabled });
  const connections = useConnections(companyId, isEnabled);
  return {
    queueIds: named(queues.data),
    userIds: named(users.data),
    whatsappIds: named(connections.data),
    tagIds: named(tags.data),
  };
}
