import { describe, expect, it } from 'vitest';
import { customerServiceChannels, customerServiceUrl } from './customer-service';

describe('customer-service channels', () => {
  const entries = [
    { csType: 'SUPPORT_CHAT', path: '', label: 'Chat 24h' },
    { csType: 'LIVE_CHAT', path: 'https://chat.example.com/room', label: 'Chat ao vivo' },
    { csType: 'WHATSAPP', path: 'https://wa.me/5511999990000', label: 'WhatsApp' },
    { csType: 'TELEGRAM', path: 'javascript:alert(1)', label: 'Telegram' },
    { csType: 'EMAIL', path: '/helpmc#contact', label: '' },
  ];

  it('opens the built-in chat, a live chat in the window, other apps in a tab, in the brand’s order', () => {
    expect(customerServiceChannels(entries)).toEqual([
      { kind: 'chat', csType: 'SUPPORT_CHAT', label: 'Chat 24h' },
      {
        kind: 'window',
        csType: 'LIVE_CHAT',
        label: 'Chat ao vivo',
        url: 'https://chat.example.com/room',
      },
      {
        kind: 'link',
        csType: 'WHATSAPP',
        label: 'WhatsApp',
        url: 'https://wa.me/5511999990000',
      },
      // An unsafe address is left out; a missing label is the channel's type.
      { kind: 'link', csType: 'EMAIL', label: 'EMAIL', url: '/helpmc#contact' },
    ]);
  });

  it('gives pages without the chat the first outside address', () => {
    expect(customerServiceUrl(entries)).toBe('https://chat.example.com/room');
    expect(customerServiceUrl([entries[0]!])).toBeNull();
    // The built-in chat is never an address, whatever its path says.
    expect(customerServiceUrl([{ ...entries[0]!, path: '/support' }])).toBeNull();
  });
});
