import type { SuccessEnvelope } from '@banca/contracts';

/** Wraps a route's result in the success envelope (`{ success: true, value }`). */
export function ok<T>(value: T): SuccessEnvelope<T> {
  return { success: true, value };
}
