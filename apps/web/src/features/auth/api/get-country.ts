import { ENDPOINTS, ROUTES, type Country } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** `GET /wps/system/country`: the brand's country and dialing code (+55) for phone fields. */
export const countryQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'country'],
    queryFn: ({ signal }) =>
      apiRequest<Country>(ENDPOINTS.system.country, {
        schema: import.meta.env.DEV ? ROUTES.system.country.response : undefined,
        signal,
      }),
    staleTime: Infinity,
  });
