import { describe, expect, it } from 'vitest';
import { customerServiceUrl } from './customer-service';
import { safeExternalUrl } from './url';

describe('safeExternalUrl', () => {
  it('allows http(s) links and same-site paths', () => {
    expect(safeExternalUrl('https://wa.me/5511999990000')).toBe('https://wa.me/5511999990000');
    expect(safeExternalUrl('/helpmc#contact')).toBe('/helpmc#contact');
  });

  it('refuses anything that could run script or leave by a protocol-relative trick', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,<script>')).toBeNull();
    expect(safeExternalUrl('//evil.example')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
  });
});

describe('customerServiceUrl', () => {
  it('takes the first usable entry', () => {
    expect(
      customerServiceUrl([{ path: 'javascript:void 0' }, { path: 'https://t.me/banca' }]),
    ).toBe('https://t.me/banca');
    expect(customerServiceUrl([])).toBeNull();
  });
});
