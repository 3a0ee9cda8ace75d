import { describe, expect, it } from 'vitest';
import { enAccounts } from './accounts/en';
import { ptBRAccounts } from './accounts/pt-BR';
import { enAdmin } from './admin/en';
import { ptBRAdmin } from './admin/pt-BR';
import { enAgents } from './agents/en';
import { ptBRAgents } from './agents/pt-BR';
import { enLobby } from './lobby/en';
import { enMessages } from './messages/en';
import { ptBRMessages } from './messages/pt-BR';
import { ptBRLobby } from './lobby/pt-BR';
import { en } from './en';
import { ptBR } from './pt-BR';
import { enWallet } from './wallet/en';
import { ptBRWallet } from './wallet/pt-BR';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [childPath, childValue] of leaves(value, path)) out.set(childPath, childValue);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w]+)[^}]*\}\}|<(\w+)>/g)]
    .map((match) => match[1] ?? match[2])
    .sort();

/** Core and parts together, as i18next holds them once every part is loaded. */
function merged(...parts: Tree[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of parts) for (const [key, text] of leaves(part)) out.set(key, text);
  return out;
}

describe('catalogues', () => {
  const pt = merged(ptBR, ptBRAccounts, ptBRLobby, ptBRWallet, ptBRMessages, ptBRAdmin, ptBRAgents);
  const english = merged(en, enAccounts, enLobby, enWallet, enMessages, enAdmin, enAgents);

  it('never define a key in two parts (the later one would silently win)', () => {
    for (const [core, part] of [
      [ptBR, ptBRAccounts],
      [ptBR, ptBRLobby],
      [ptBRAccounts, ptBRLobby],
      [en, enAccounts],
      [en, enLobby],
      [ptBR, ptBRWallet],
      [ptBRAccounts, ptBRWallet],
      [ptBRLobby, ptBRWallet],
      [en, enWallet],
      [ptBR, ptBRMessages],
      [ptBRWallet, ptBRMessages],
      [ptBRAccounts, ptBRMessages],
      [en, enMessages],
      [ptBR, ptBRAdmin],
      [ptBRAccounts, ptBRAdmin],
      [ptBRWallet, ptBRAdmin],
      [en, enAdmin],
      [ptBR, ptBRAgents],
      [en, enAgents],
    ] as const) {
      const coreKeys = leaves(core);
      for (const key of leaves(part).keys()) expect(coreKeys.has(key), key).toBe(false);
    }
  });

  it('have exactly the same keys', () => {
    expect([...english.keys()].sort()).toEqual([...pt.keys()].sort());
  });

  it('have no empty texts', () => {
    for (const [key, text] of [...pt, ...english]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same interpolations and tags in both languages', () => {
    for (const [key, text] of pt)
      expect(placeholders(english.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});

describe('the shared components', () => {
  // A shared component (src/components) renders in every area, and an area loads only its own
  // catalogue part: a key of a part shows as its raw name elsewhere (the console's table keys
  // did, on the member's lottery bets). Their keys must all be in the core catalogue.
  it('use only keys of the core catalogue', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../components/', import.meta.url);
    const core = leaves(ptBR);
    const missing: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const [, key] of source.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        const known = core.has(key!) || core.has(`${key}_one`);
        if (!known) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
