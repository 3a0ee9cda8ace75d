import { countrySchema, type Country } from '@banca/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

/** `GET /wps/system/country`: the brand's country and dialing code (+55) for phone fields. */
export const countryQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'country'],
    queryFn: ({ signal }) =>
      apiRequest<Country>('/wps/system/country', {
        schema: import.meta.env.DEV ? countrySchema : undefined,
        signal,
      }),
    staleTime: Infinity,
  });
