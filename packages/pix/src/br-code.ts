import { crcHex } from './crc16';

/**
 * PIX BR Code: an EMV Merchant-Presented-Mode payload of ID-length-value fields (facts.md §4,
 * the Banco Central's "Manual de Padrões para Iniciação do Pix"). One encoder for the charges
 * the sandbox PSP issues and one parser for the payer's page and the tests.
 *
 * Field by field: 00 payload format "01"; 01 point of initiation "12" (dynamic: one payment,
 * the amount fixed); 26 merchant account information with 00 GUI `br.gov.bcb.pix` and either
 * 25 the PSP's location URL (dynamic, without the scheme) or 01 the key (static); 52 MCC "0000";
 * 53 currency "986" (BRL); 54 amount "10.00"; 58 country "BR"; 59 merchant name (≤ 25);
 * 60 city (≤ 15); 62 additional data with 05 the txid; 63 the CRC16-CCITT-FALSE of everything
 * before its value, "6304" included, as four upper-case hex digits.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
/** EMV: a field's value is at most 99 characters (two length digits). */
const MAX_FIELD_LENGTH = 99;
/** The manual's bounds on the merchant's name and city. */
export const MAX_MERCHANT_NAME_LENGTH = 25;
export const MAX_MERCHANT_CITY_LENGTH = 15;
/** A BCB txid (cob): 26 to 35 letters and digits. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
/** A static code's reference: up to 25 letters and digits, or `***` for none. */
const STATIC_TXID_PATTERN = /^(?:[a-zA-Z0-9]{1,25}|\*\*\*)$/;
/** The longest text the parser reads: a BR Code is a few hundred characters; anything longer is not one. */
export const MAX_BR_CODE_LENGTH = 512;

export type BrCodeInput = {
  /** Dynamic: the charge's location (`pix.example.com/qr/v2/<id>`, no scheme). Static: omit and give `key`. */
  location?: string;
  /** Static codes: the receiver's PIX key. */
  key?: string;
  /** Minor units (centavos); omitted on a static code the payer fills in. */
  amountMinor?: number;
  merchantName: string;
  merchantCity: string;
  /** Dynamic: the cob's txid (26–35 alphanumerics). Static: ≤ 25 alphanumerics or `***`. */
  txid: string;
};

export type BrCode = {
  payloadFormat: string;
  /** `12` dynamic (one use), `11` static (reusable), or null when absent. */
  pointOfInitiation: string | null;
  gui: string;
  location: string | null;
  key: string | null;
  mcc: string;
  currency: string;
  amountMinor: number | null;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid: string | null;
  crc: string;
};

export class BrCodeError extends Error {}

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > MAX_FIELD_LENGTH)
    throw new BrCodeError(`field ${id} must hold 1..${MAX_FIELD_LENGTH} characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Upper-case ASCII without diacritics, as payers' banking apps show merchant texts. */
export function merchantText(value: string, maxLength: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return ascii.slice(0, maxLength).trim();
}

/** 1050 → "10.50": the amount field's decimal text (a point, two decimals). */
export function amountText(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new BrCodeError('amount must be a positive whole number of centavos');
  const text = `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
  if (text.length > 13) throw new BrCodeError('amount too large for a BR Code');
  return text;
}

/** Builds a BR Code: dynamic when `location` is given, static with `key` otherwise. */
export function encodeBrCode(input: BrCodeInput): string {
  const dynamic = input.location !== undefined;
  if (dynamic === (input.key !== undefined))
    throw new BrCodeError('give either a location (dynamic) or a key (static)');
  if (dynamic ? !TXID_PATTERN.test(input.txid) : !STATIC_TXID_PATTERN.test(input.txid))
    throw new BrCodeError('invalid txid');
  const name = merchantText(input.merchantName, MAX_MERCHANT_NAME_LENGTH);
  const city = merchantText(input.merchantCity, MAX_MERCHANT_CITY_LENGTH);
  if (!name || !city) throw new BrCodeError('merchant name and city are required');
  const account =
    field('00', PIX_GUI) +
    (dynamic ? field('25', input.location!.replace(/^https?:\/\//, '')) : field('01', input.key!));
  const body =
    field('00', '01') +
    (dynamic ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (input.amountMinor !== undefined ? field('54', amountText(input.amountMinor)) : '') +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', input.txid)) +
    '6304';
  return body + crcHex(body);
}

/** Splits ID-length-value fields; throws on a truncated or malformed field. */
export function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText))
      throw new BrCodeError(`malformed field at ${at}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new BrCodeError(`field ${id} is truncated`);
    if (fields.has(id)) throw new BrCodeError(`field ${id} appears twice`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

function required(fields: Map<string, string>, id: string): string {
  const value = fields.get(id);
  if (value === undefined) throw new BrCodeError(`field ${id} is missing`);
  return value;
}

/** "10.50" → 1050; the amount field allows up to two decimals. */
function parseAmount(text: string): number {
  if (!/^\d{1,10}(?:\.\d{1,2})?$/.test(text)) throw new BrCodeError('malformed amount');
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Reads a BR Code ("copia e cola") back: checks the CRC, the field structure and the PIX GUI.
 * Throws BrCodeError for anything that is not a valid PIX BR Code.
 */
export function parseBrCode(raw: string): BrCode {
  const text = raw.trim();
  if (text.length > MAX_BR_CODE_LENGTH) throw new BrCodeError('too long for a BR Code');
  if (!/^[\x20-\x7e]+$/.test(text)) throw new BrCodeError('a BR Code is printable ASCII');
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== '6304')
    throw new BrCodeError('the CRC field (63) must come last');
  const crc = text.slice(crcAt + 4);
  if (crcHex(text.slice(0, crcAt + 4)) !== crc.toUpperCase())
    throw new BrCodeError('CRC does not match');
  const fields = parseTlv(text.slice(0, crcAt));
  if (required(fields, '00') !== '01') throw new BrCodeError('payload format must be 01');
  const account = parseTlv(required(fields, '26'));
  const gui = required(account, '00');
  if (gui.toLowerCase() !== PIX_GUI) throw new BrCodeError('not a PIX code');
  const additional = fields.has('62') ? parseTlv(fields.get('62')!) : new Map<string, string>();
  const amount = fields.get('54');
  return {
    payloadFormat: '01',
    pointOfInitiation: fields.get('01') ?? null,
    gui,
    location: account.get('25') ?? null,
    key: account.get('01') ?? null,
    mcc: required(fields, '52'),
    currency: required(fields, '53'),
    amountMinor: amount === undefined ? null : parseAmount(amount),
    country: required(fields, '58'),
    merchantName: required(fields, '59'),
    merchantCity: required(fields, '60'),
    txid: additional.get('05') ?? null,
    crc: crc.toUpperCase(),
  };
}
