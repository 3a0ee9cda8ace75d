import { DEV_PIX_SANDBOX_TOKEN, DEV_PIX_SANDBOX_WEBHOOK_SECRET } from '@banca/pix';
import { createPixSandbox } from './server';

/**
 * Runs the sandbox PIX PSP on its own port (`npm start` starts it beside the platform,
 * docs/payments.md). Every setting has a development default that matches the platform's.
 */

function rate(name: string): number {
  const value = Number(process.env[name] ?? 0);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be 0..1`);
  return value;
}
function ms(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 600_000)
    throw new Error(`${name} must be 0..600000 ms`);
  return value;
}

const platformPort = Number(process.env.PORT ?? 8080);
const port = Number(process.env.PIX_SANDBOX_PORT ?? platformPort + 2);
const publicUrl = process.env.PIX_SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`;
const sandbox = createPixSandbox({
  apiToken: process.env.PIX_SANDBOX_TOKEN ?? DEV_PIX_SANDBOX_TOKEN,
  webhookSecret: process.env.PIX_SANDBOX_WEBHOOK_SECRET ?? DEV_PIX_SANDBOX_WEBHOOK_SECRET,
  webhookUrl:
    process.env.PIX_SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${platformPort}/hooks/pix-sandbox`,
  publicUrl,
  webhookDelayMs: ms('PIX_SANDBOX_WEBHOOK_DELAY_MS', 0),
  payoutDelayMs: ms('PIX_SANDBOX_PAYOUT_DELAY_MS', 2_000),
  webhookDropRate: rate('PIX_SANDBOX_WEBHOOK_DROP_RATE'),
  payoutFailureRate: rate('PIX_SANDBOX_PAYOUT_FAILURE_RATE'),
  paymentFailureRate: rate('PIX_SANDBOX_PAYMENT_FAILURE_RATE'),
  logger: process.env.PIX_SANDBOX_LOG === '1',
});
await sandbox.listen(port);
console.log(`sandbox PIX PSP on ${publicUrl} (pay a charge at ${publicUrl}/pay)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.app.close().then(() => process.exit(0)));
