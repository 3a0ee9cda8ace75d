/**
 * Provable fairness (docs/fairness.md): pure functions both the server and the browser's
 * verification page import (`@banca/contracts/fairness`). No zod, no I/O.
 */
export * from './sha256';
export * from './rng';
export * from './games';
export * from './tickets';
