// The billing feature's public face: other features and the app import only what is exported here (eslint.config.js).
export { PaymentCardSection } from './components/payment-card-section';
export { bareBillingRoutes, billingAccountRoutes, billingRoutes } from './routes';
