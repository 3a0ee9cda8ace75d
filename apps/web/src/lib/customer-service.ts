import { safeExternalUrl } from './url';

/** Customer-service popup size (docs/product.md §9). */
export const CUSTOMER_SERVICE_WINDOW_WIDTH_PX = 440;
export const CUSTOMER_SERVICE_WINDOW_HEIGHT_PX = 750;

/** A named target so repeated clicks focus the same popup instead of opening new ones. */
const WINDOW_NAME = 'banca-customer-service';

/** The first usable entry of the brand's customer-service list, if any. */
export function customerServiceUrl(entries: readonly { path: string }[]): string | null {
  for (const entry of entries) {
    const url = safeExternalUrl(entry.path);
    if (url) return url;
  }
  return null;
}

/**
 * Opens the brand's customer service in a 440x750 popup, centred on the current window.
 * Returns false when there is nothing to open.
 */
export function openCustomerService(entries: readonly { path: string }[]): boolean {
  const url = customerServiceUrl(entries);
  if (!url) return false;
  const left = Math.max(
    0,
    window.screenX + (window.outerWidth - CUSTOMER_SERVICE_WINDOW_WIDTH_PX) / 2,
  );
  const top = Math.max(
    0,
    window.screenY + (window.outerHeight - CUSTOMER_SERVICE_WINDOW_HEIGHT_PX) / 2,
  );
  const features = `popup,width=${CUSTOMER_SERVICE_WINDOW_WIDTH_PX},height=${CUSTOMER_SERVICE_WINDOW_HEIGHT_PX},left=${Math.round(left)},top=${Math.round(top)}`;
  const popup = window.open(url, WINDOW_NAME, features);
  if (popup) {
    popup.opener = null;
    popup.focus();
    return true;
  }
  // Popup blocked: a new tab is still better than a button that does nothing.
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
