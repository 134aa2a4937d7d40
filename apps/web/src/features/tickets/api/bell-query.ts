import { bellListQueries, mergeBellPages, type NotificationViewer } from '../model/notifications.ts';
import { ticketsApi, ticketsKeys } from './tickets-api.ts';

/** The bell's list for one viewer; its key changes with whatever the server's answer depends on. */
export const bellQuery = (companyId: number, viewer: NotificationViewer) => ({
  queryKey: ticketsKeys.bell(companyId, viewer),
  queryFn: async () => {
    const pages = await Promise.all(
      bellListQueries(viewer).map((filter) =>
        ticketsApi.page({ searchParam: '', tags: [], users: [], showAll: false, ...filter }, null),
      ),
    );
    return mergeBellPages(
      pages.map((page) => page.tickets),
      viewer,
    );
  },
});
