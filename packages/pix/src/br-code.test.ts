import { describe, expect, it } from 'vitest';
import {
  BrCodeError,
  encodeBrCode,
  isValidCpf,
  newEndToEndId,
  newTxid,
  parseBrCode,
  TXID_PATTERN,
} from './index';

/**
 * An independent CRC16-CCITT-FALSE, bit by bit from the definition (poly 0x1021, init 0xFFFF,
 * MSB first, no final xor), so the library's table cannot agree with itself by mistake.
 */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const inBit = (byte >> bit) & 1;
      const top = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (top ^ inBit) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The Banco Central manual's static example (facts.md §4), CRC included. */
const BCB_STATIC_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('CRC16-CCITT-FALSE', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(referenceCrc('123456789')).toBe('29B1');
  });

  it('closes the Banco Central example with the CRC both implementations compute', () => {
    const body = BCB_STATIC_EXAMPLE.slice(0, -4);
    expect(referenceCrc(body)).toBe('1D3D');
    expect(BCB_STATIC_EXAMPLE.slice(-4)).toBe(referenceCrc(body));
  });
});

describe('BR Code encoder', () => {
  it('writes the Banco Central static example byte for byte', () => {
    expect(
      encodeBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        txid: '***',
      }),
    ).toBe(BCB_STATIC_EXAMPLE);
  });

  it('writes a dynamic code with location, amount, txid and a CRC an independent check accepts', () => {
    const txid = 'Banca0000000000000000000000000042';
    const code = encodeBrCode({
      location: 'https://pix.example.com/qr/v2/cobv/9d36b84f',
      amountMinor: 1050,
      merchantName: 'Banca Apostas Ltda São Paulo',
      merchantCity: 'São Paulo',
      txid,
    });
    expect(code).toBe(
      '000201' +
        '010212' +
        '2657' +
        '0014br.gov.bcb.pix' +
        '2535pix.example.com/qr/v2/cobv/9d36b84f' +
        '52040000' +
        '5303986' +
        '540510.50' +
        '5802BR' +
        '5925Banca Apostas Ltda Sao Pa' +
        '6009Sao Paulo' +
        `6237` +
        `0533${txid}` +
        '6304' +
        code.slice(-4),
    );
    expect(code.slice(-4)).toBe(referenceCrc(code.slice(0, -4)));
  });

  it('parses back what it wrote', () => {
    const txid = newTxid();
    const code = encodeBrCode({
      location: 'sandbox.localhost:8082/qr/v2/' + txid,
      amountMinor: 123_456,
      merchantName: 'Banca',
      merchantCity: 'Sao Paulo',
      txid,
    });
    expect(parseBrCode(code)).toEqual({
      payloadFormat: '01',
      pointOfInitiation: '12',
      gui: 'br.gov.bcb.pix',
      location: `sandbox.localhost:8082/qr/v2/${txid}`,
      key: null,
      mcc: '0000',
      currency: '986',
      amountMinor: 123_456,
      country: 'BR',
      merchantName: 'Banca',
      merchantCity: 'Sao Paulo',
      txid,
      crc: referenceCrc(code.slice(0, -4)),
    });
    expect(parseBrCode(BCB_STATIC_EXAMPLE)).toMatchObject({
      key: '123e4567-e12b-12d1-a456-426655440000',
      amountMinor: null,
      txid: '***',
      pointOfInitiation: null,
    });
  });

  it('refuses a code whose CRC or structure is wrong', () => {
    const tampered = BCB_STATIC_EXAMPLE.replace('Fulano', 'Fulana');
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError);
    expect(() => parseBrCode(BCB_STATIC_EXAMPLE.slice(0, -1) + 'E')).toThrow(/CRC/);
    expect(() => parseBrCode('hello')).toThrow(BrCodeError);
    expect(() => parseBrCode('')).toThrow(BrCodeError);
    // A well-formed EMV code of another scheme is not PIX.
    const body =
      '000201' + '2618' + '0014br.gov.bcb.xyz' + '520400005303986' + '5802BR5901A6001B6304';
    expect(() => parseBrCode(body + referenceCrc(body))).toThrow(/not a PIX code/);
  });

  it('refuses to write a charge it could not be paid by', () => {
    const base = { location: 'x.test/qr', merchantName: 'B', merchantCity: 'C', txid: newTxid() };
    expect(() => encodeBrCode({ ...base, amountMinor: 0 })).toThrow(BrCodeError);
    expect(() => encodeBrCode({ ...base, amountMinor: 1.5 })).toThrow(BrCodeError);
    expect(() => encodeBrCode({ ...base, txid: 'short' })).toThrow(/txid/);
  });
});

describe('PIX identifiers', () => {
  it('makes txids the API accepts and 32-character endToEndIds', () => {
    for (let i = 0; i < 50; i += 1) expect(newTxid()).toMatch(TXID_PATTERN);
    expect(newEndToEndId('12345678', new Date('2026-11-24T10:05:00Z'))).toMatch(
      /^E12345678202611241005[a-zA-Z0-9]{11}$/,
    );
  });

  it('checks CPF check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('1234')).toBe(false);
  });
});
