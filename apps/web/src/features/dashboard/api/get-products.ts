import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPath, type TProducts } from '@mbo/shared/dashboard';
import { http } from '../../../platform/request';

export function getProducts(): Promise<TProducts> {
  return http.get<TProducts>(DashboardPath.products);
}

export function getProductsQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'products'], queryFn: getProducts });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
