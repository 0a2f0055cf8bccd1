import type { RouteObject } from 'react-router';
import { OnboardingLayout, OnboardingStep1, OnboardingStep2, OnboardingStep3 } from './components/onboarding-flow';

/** /onboarding, /onboarding/2, /onboarding/3: outside the main layout (simplified header). */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    element: <OnboardingLayout />,
    children: [
      { index: true, element: <OnboardingStep1 /> },
      { path: '2', element: <OnboardingStep2 /> },
      { path: '3', element: <OnboardingStep3 /> },
    ],
  },
];
