import type { ReportDesignSettings } from '@serpwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const reportDesignKey = ['account', 'report-design'] as const;
export const reportDesignPath = '/rest/account/report-design';
/** Where the page shows the saved logo; `version` (logoUpdatedAt) makes a new upload show at once. */
export const reportLogoUrl = (version: string | null) => `${reportDesignPath}/logo${version ? `?v=${encodeURIComponent(version)}` : ''}`;

export const getReportDesign = () => apiRequest<ReportDesignSettings>(reportDesignPath);

/** The account's report design; only full recon users may read it, so the page asks only for them. */
export const useReportDesign = (enabled: boolean) => useQuery({ queryKey: reportDesignKey, queryFn: getReportDesign, enabled });
