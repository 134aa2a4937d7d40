import { useInfiniteQuery } from '@tanstack/react-query';
import { companiesApi, companiesKeys } from '../api/companies-api.ts';

/** Pages of companies for a search; the table asks for the next one near its bottom. */
export function useCompaniesPage(searchParam: string) {
  const query = useInfiniteQuery({
    queryKey: companiesKeys.page(searchParam),
    queryFn: ({ pageParam }) => companiesApi.page(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const companies = query.data?.pages.flatMap((page) => page.companies) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  return { ...query, companies, count };
}
