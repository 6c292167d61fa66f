// The local Stripe test server as a process, for the billing browser tests' webServer list.
import { StripeTestServer } from '../../apps/api/test/support/stripe-server.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const server = await StripeTestServer.start({
  port: Number(env('E2E_STRIPE_PORT')),
  webhookUrl: env('E2E_STRIPE_WEBHOOK_URL'),
  secretKey: env('E2E_STRIPE_SECRET_KEY'),
  webhookSecret: env('E2E_STRIPE_WEBHOOK_SECRET'),
});
console.log(`Stripe test server at ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
