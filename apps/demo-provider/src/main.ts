import path from 'node:path';
import { createDemoProvider } from './server';
import { createTransferStore } from './transfer-store';

/**
 * Runs the demo provider on its own port (`npm start` starts it beside the platform).
 * DEMO_PROVIDER_PORT (default PORT + 1), PAM_URL (default http://127.0.0.1:<PORT>/pam) and
 * PAM_API_KEY (the platform's development key, see DEV_PAM_API_KEY).
 */

/**
 * The development API key the platform accepts when PAM_API_KEY is unset. It must equal the
 * server's default (apps/server/src/config.ts); a real deployment sets PAM_API_KEY on both.
 */
export const DEV_PAM_API_KEY = 'banca-dev-pam-key-change-me-0123456789';
/**
 * The development key the operator sends to the transfer API (the platform's
 * DEV_VENDOR_TRANSFER_API_KEY, repeated for the same reason); VENDOR_TRANSFER_API_KEY sets it.
 */
export const DEV_VENDOR_TRANSFER_API_KEY = 'banca-dev-transfer-key-change-me-0123456789';

const platformPort = Number(process.env.PORT ?? 8080);
const port = Number(process.env.DEMO_PROVIDER_PORT ?? platformPort + 1);
// The transfer-wallet balances survive restarts: a journal beside the platform's embedded data.
const dataDir = path.resolve(
  process.env.DEMO_PROVIDER_DATA_DIR ??
    path.join(process.env.DATA_DIR ?? './data', 'demo-provider'),
);
const provider = createDemoProvider({
  pamUrl: process.env.PAM_URL ?? `http://127.0.0.1:${platformPort}/pam`,
  apiKey: process.env.PAM_API_KEY ?? DEV_PAM_API_KEY,
  logger: process.env.DEMO_PROVIDER_LOG === '1',
  transferApiKey: process.env.VENDOR_TRANSFER_API_KEY ?? DEV_VENDOR_TRANSFER_API_KEY,
  transferStore: createTransferStore({ file: path.join(dataDir, 'transfer-wallets.jsonl') }),
});
await provider.listen(port);
console.log(
  `demo provider on http://localhost:${port} (PAM ${process.env.PAM_URL ?? `http://127.0.0.1:${platformPort}/pam`})`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void provider.app.close().then(() => process.exit(0)));
