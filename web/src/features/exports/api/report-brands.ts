import type { ReportBrand, ReportBrandList, SaveReportBrand } from '@serpwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const reportBrandsKey = ['account', 'report-brands'] as const;
export const reportBrandsPath = '/rest/account/report-brands';
/** Where a brand's logo is shown; `version` (logoUpdatedAt) makes a new upload show at once. */
export const reportBrandLogoUrl = (brand: Pick<ReportBrand, 'id' | 'logoUpdatedAt'>) =>
  `${reportBrandsPath}/${brand.id}/logo${brand.logoUpdatedAt ? `?v=${encodeURIComponent(brand.logoUpdatedAt)}` : ''}`;

export const getReportBrands = () => apiRequest<ReportBrandList>(reportBrandsPath);

/** The account's brands (issue 22 point 2); only full recon users may read them, so callers ask only for them. */
/** Brands as a drop-down's options, the default one marked. */
export const brandOptions = (brands: ReportBrand[]) => brands.map((brand) => ({ value: brand.id, label: brand.isDefault ? `${brand.name} (default)` : brand.name }));

export const useReportBrands = (enabled: boolean) => useQuery({ queryKey: reportBrandsKey, queryFn: getReportBrands, enabled });

/**
 * Every brand change answers with the brand; the list is read again (the default may have moved), after a refusal
 * too (a brand's schedule count may have changed meanwhile).
 */
function useBrandMutation<T, R = unknown>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: reportBrandsKey }) });
}

export const useCreateReportBrand = () => useBrandMutation((brand: SaveReportBrand) => apiRequest<ReportBrand>(reportBrandsPath, { method: 'POST', body: { ...brand } }));
/** Refused (409) while scheduled reports use the brand, unless `moveSchedulesTo` names another brand for them. */
export const useDeleteReportBrand = () =>
  useBrandMutation(({ id, moveSchedulesTo }: { id: string; moveSchedulesTo?: string }) =>
    apiRequest<{ message: string; moved: number }>(`${reportBrandsPath}/${id}`, { method: 'DELETE', query: { moveSchedulesTo } }),
  );
export const useSaveReportBrand = () =>
  useBrandMutation(({ id, brand }: { id: string; brand: SaveReportBrand }) => apiRequest<ReportBrand>(`${reportBrandsPath}/${id}`, { method: 'PUT', body: { ...brand } }));
export const useMakeDefaultReportBrand = () => useBrandMutation((id: string) => apiRequest<ReportBrand>(`${reportBrandsPath}/${id}/default`, { method: 'POST' }));
export const useUploadReportBrandLogo = () =>
  useBrandMutation(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('logo', file, file.name);
    return apiRequest<ReportBrand>(`${reportBrandsPath}/${id}/logo`, { method: 'POST', form });
  });
export const useDeleteReportBrandLogo = () => useBrandMutation((id: string) => apiRequest<ReportBrand>(`${reportBrandsPath}/${id}/logo`, { method: 'DELETE' }));
