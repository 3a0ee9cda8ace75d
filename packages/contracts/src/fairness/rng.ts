import { hmacSha256, utf8, type HmacSha256 } from './sha256';

/**
 * The outcome bytes of a round (docs/fairness.md §2), as the industry publishes them so that the
 * verifiers players already use reproduce Banca's rounds: HMAC-SHA256(key = the server seed's
 * text, message = `clientSeed:nonce:round`), 32 bytes per `round` (0, 1, 2 …), read with a
 * cursor; a float in [0, 1) from each 4 bytes, Σ b_i / 256^(i+1), so 8 floats per block.
 */
export type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

export const BYTES_PER_FLOAT = 4;
export const BYTES_PER_BLOCK = 32;
export const FLOATS_PER_BLOCK = BYTES_PER_BLOCK / BYTES_PER_FLOAT;

/** The 32 bytes of one block: HMAC-SHA256(serverSeed, `clientSeed:nonce:round`). */
export function blockBytes(seeds: Seeds, round: number, hmac: HmacSha256 = hmacSha256): Uint8Array {
  return hmac(utf8(seeds.serverSeed), utf8(`${seeds.clientSeed}:${seeds.nonce}:${round}`));
}

/** Reads the outcome bytes in order, computing the next block when a block runs out. */
export class ByteCursor {
  private round = 0;
  private offset = 0;
  private block: Uint8Array;

  constructor(
    private readonly seeds: Seeds,
    private readonly hmac: HmacSha256 = hmacSha256,
  ) {
    this.block = blockBytes(seeds, 0, hmac);
  }

  next(): number {
    if (this.offset === BYTES_PER_BLOCK) {
      this.round += 1;
      this.offset = 0;
      this.block = blockBytes(this.seeds, this.round, this.hmac);
    }
    return this.block[this.offset++]!;
  }
}

/**
 * The raw 32-bit words before any scaling (what GLI-11 asks to be collectable): word =
 * b0·2^24 + b1·2^16 + b2·2^8 + b3, so float = word / 2^32 exactly.
 */
export function rawWords(seeds: Seeds, count: number, hmac: HmacSha256 = hmacSha256): number[] {
  const cursor = new ByteCursor(seeds, hmac);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    let word = 0;
    for (let j = 0; j < BYTES_PER_FLOAT; j++) word = word * 256 + cursor.next();
    out.push(word);
  }
  return out;
}

/** A float in [0, 1) from 4 bytes: Σ b_i / 256^(i+1) (exact in a double). */
export function floatOfBytes(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/** The first `count` floats of a round. */
export function fairFloats(seeds: Seeds, count: number, hmac: HmacSha256 = hmacSha256): number[] {
  const cursor = new ByteCursor(seeds, hmac);
  const out: number[] = [];
  for (let i = 0; i < count; i++)
    out.push(floatOfBytes(cursor.next(), cursor.next(), cursor.next(), cursor.next()));
  return out;
}

/**
 * An integer in [0, n) from a float: floor(f · n). Not modulo: each of the n results gets
 * ⌊2^32/n⌋ or ⌈2^32/n⌉ of the 2^32 equally likely floats, so no result is more likely than
 * another by more than one part in ⌊2^32/n⌋ (for n ≤ 10,001: under 2.4·10^-6 relative, an
 * absolute 2.3·10^-10), which is how the published derivation scales (docs/fairness.md §3).
 */
export function scale(f: number, n: number): number {
  return Math.floor(f * n);
}
