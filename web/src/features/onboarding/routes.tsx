import type { RouteObject } from 'react-router';
import { OnboardingLayout, OnboardingStep1, OnboardingStep2, OnboardingStep3 } from './components/onboarding-flow';

/** /onboarding, /onboarding/2, /onboarding/3: inside the app's layout, whose header is the simplified one there. */
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
