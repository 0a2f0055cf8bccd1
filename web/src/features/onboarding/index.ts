// The onboarding feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { isMarketingPath, isOnboardingPath, onboardingRedirect } from './onboarding-guard';
export { onboardingRoutes } from './routes';
