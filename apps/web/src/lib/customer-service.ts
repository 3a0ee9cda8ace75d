import { SUPPORT_CHAT_CS_TYPE } from '@banca/contracts';
import { safeExternalUrl } from './url';

/** Customer-service popup size (docs/product.md §9). */
export const CUSTOMER_SERVICE_WINDOW_WIDTH_PX = 440;
export const CUSTOMER_SERVICE_WINDOW_HEIGHT_PX = 750;

/** A named target so repeated clicks focus the same popup instead of opening new ones. */
const WINDOW_NAME = 'banca-customer-service';

/**
 * The first outside address of the brand's customer-service list, if any: for pages without
 * the built-in chat (maintenance, region block, forgot password, the agent centre).
 */
export function customerServiceUrl(
  entries: readonly { csType?: string; path: string }[],
): string | null {
  for (const entry of entries) {
    if (entry.csType === SUPPORT_CHAT_CS_TYPE) continue;
    const url = safeExternalUrl(entry.path);
    if (url) return url;
  }
  return null;
}

/**
 * One of the brand's customer-service channels (the status payload's `customerService`), as the
 * service icon offers them: the built-in support chat (docs/support.md), a live-chat address
 * opened in the spec's 440x750 window, or an outside app's link (WhatsApp, Telegram…) in a tab.
 */
export type CustomerServiceChannel =
  | { kind: 'chat'; csType: string; label: string }
  | { kind: 'window' | 'link'; csType: string; label: string; url: string };

type Entry = { csType: string; path: string; label: string };

/** The usable channels in the brand's order (an entry whose address is unsafe is left out). */
export function customerServiceChannels(entries: readonly Entry[]): CustomerServiceChannel[] {
  const channels: CustomerServiceChannel[] = [];
  for (const entry of entries) {
    const label = entry.label || entry.csType;
    if (entry.csType === SUPPORT_CHAT_CS_TYPE) {
      channels.push({ kind: 'chat', csType: entry.csType, label });
      continue;
    }
    const url = safeExternalUrl(entry.path);
    if (url)
      channels.push({
        kind: entry.csType === 'LIVE_CHAT' ? 'window' : 'link',
        csType: entry.csType,
        label,
        url,
      });
  }
  return channels;
}

/** Opens an outside channel: a live chat in the 440x750 window, an app's link in a new tab. */
export function openExternalChannel(channel: Extract<CustomerServiceChannel, { url: string }>) {
  if (channel.kind === 'window') openServiceWindow(channel.url);
  else window.open(channel.url, '_blank', 'noopener,noreferrer');
}

/**
 * Opens the brand's customer service in a 440x750 popup, centred on the current window.
 * Returns false when there is nothing to open.
 */
export function openCustomerService(entries: readonly { csType: string; path: string }[]): boolean {
  const url = customerServiceUrl(entries);
  if (!url) return false;
  openServiceWindow(url);
  return true;
}

function openServiceWindow(url: string): void {
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
    return;
  }
  // Popup blocked: a new tab is still better than a button that does nothing.
  window.open(url, '_blank', 'noopener,noreferrer');
}
