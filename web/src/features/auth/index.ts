// The auth feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { activeStateKey, activeStateQuery, useActiveState } from './api/get-active-state';
export { AuthTabsPanel } from './components/auth-tabs-panel';
export { LogOutForm } from './components/log-out-form';
export { LoginPanel } from './components/login-panel';
export { RequireAdmin } from './components/require-admin';
export { RequireLogin } from './components/require-login';
export { SignUpPanel } from './components/sign-up-panel';
export { useSessionWatch } from './hooks/use-session-watch';
export { authRoutes } from './routes';
