import { ENDPOINTS } from '@banca/contracts';
import { apiDownload } from '@/api/client';
import { filterParams, type TransactionsFilter } from './get-transactions';

/** The name to save under when the server suggests none. */
const FALLBACK_FILE_NAME = 'transactions.csv';
/** The object URL outlives the click long enough for every browser to start saving. */
const REVOKE_AFTER_MS = 30_000;

/**
 * `GET /wps/wallet/transactions.csv` with the account record's filters: fetched through the
 * API client (it needs the session header, so a plain link cannot do it) and saved as the
 * file the server names. Answers the file name.
 */
export async function exportTransactionsCsv(filter: TransactionsFilter): Promise<string> {
  const { blob, fileName } = await apiDownload(ENDPOINTS.wallet.transactionsCsv, {
    query: filterParams(filter),
  });
  const name = fileName ?? FALLBACK_FILE_NAME;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return name;
}
