import { describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { defineErrors, errorStatus, translateError } from '../http/errors';
import { MODULES } from '.';
import { assembleServices, defineModule, type AnyModuleManifest } from './manifest';

const context = { db: {} as Db, adapters: {} };

describe('module manifests', () => {
  it('refuses a module listed before the services it requires', () => {
    const wallet = MODULES.find((m) => m.name === 'wallet')!;
    const reordered = [wallet, ...MODULES.filter((m) => m !== wallet)];
    expect(() => assembleServices(reordered, context)).toThrow(
      /module wallet requires games, which no earlier module provides/,
    );
  });

  it('refuses a service provided twice, and one promised but not created', () => {
    const twice = defineModule({
      name: 'twice',
      requires: [],
      provides: ['system'],
      create: () => ({ system: {} as never }),
    });
    expect(() => assembleServices([...MODULES, twice], context)).toThrow(
      /service system is provided twice/,
    );
    const liar = {
      name: 'liar',
      requires: [],
      provides: ['content'],
      create: () => ({}),
    } as unknown as AnyModuleManifest;
    expect(() => assembleServices([liar], context)).toThrow(/module liar did not create content/);
  });

  it('every module adds its own error codes; one code defined twice fails at load', () => {
    // Codes of five modules and of the gateway, all in one catalogue.
    expect(errorStatus('login_failed')).toBe(400);
    expect(errorStatus('insufficient_funds')).toBe(400);
    expect(errorStatus('site_maintenance')).toBe(503);
    expect(errorStatus('not_found')).toBe(404);
    expect(translateError('login_locked', 'en', { retryAfterMinutes: 5 })).toBe(
      'Too many failed attempts. Try again in 5 minutes.',
    );
    expect(() =>
      defineErrors({ login_failed: { status: 400, messages: { 'pt-BR': 'x', en: 'x' } } }),
    ).toThrow(/login_failed is defined twice/);
  });
});
