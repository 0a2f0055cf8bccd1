import type { SaveUserSurveyAnswer, UserSurvey } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const saveUserSurvey = (survey: UserSurvey) =>
  apiRequest<SaveUserSurveyAnswer>('/OnboardingApi/SaveUserSurvey', { method: 'POST', body: { ...survey } });

export function useSaveUserSurvey() {
  const client = useQueryClient();
  // shouldShowOnboarding changed: the active state must be read again.
  return useMutation({ mutationFn: saveUserSurvey, onSuccess: () => client.invalidateQueries() });
}
