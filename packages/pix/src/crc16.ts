/**
 * CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), the checksum of
 * field 63 of a BR Code (facts.md §4; check value "123456789" → 29B1). Table-driven: a BR Code
 * is about 150 bytes, and the table makes each byte one lookup.
 */
const TABLE = /* @__PURE__ */ (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte += 1) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
})();

/** The CRC of the UTF-8 bytes of `text`. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text))
    crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!) & 0xffff;
  return crc;
}

/** The four upper-case hex digits field 63 carries. */
export function crcHex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0');
}
