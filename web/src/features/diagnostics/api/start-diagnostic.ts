import { restPrefix, type JobStatus } from '@serpwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const startDiagnostic = () => apiRequest<JobStatus>(`${restPrefix}/diagnostics`, { method: 'POST', body: {} });

export const useStartDiagnostic = () => useMutation({ mutationFn: startDiagnostic });
