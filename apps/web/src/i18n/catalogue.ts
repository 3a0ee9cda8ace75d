import type { ptBRAccounts } from './accounts/pt-BR';
import type { ptBRAdmin } from './admin/pt-BR';
import type { ptBRHouse } from './house/pt-BR';
import type { ptBRLobby } from './lobby/pt-BR';
import type { ptBRMessages } from './messages/pt-BR';
import type { ptBR } from './pt-BR';
import type { ptBRWallet } from './wallet/pt-BR';

/** Every leaf a string: the shape each catalogue must have, keyed exactly like pt-BR. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/**
 * The catalogue comes in parts. The core (pt-BR.ts, en.ts) is what the home route needs; a
 * part (accounts/) belongs to lazy areas and is loaded with them (loadCataloguePart). Every
 * other language declares each part with these types: a key missing from (or added to) `en`
 * fails the typecheck, and a unit test checks the same at run time.
 */
export type CoreCatalogue = Strings<typeof ptBR>;
export type AccountsCatalogue = Strings<typeof ptBRAccounts>;
export type WalletCatalogue = Strings<typeof ptBRWallet>;
export type LobbyCatalogue = Strings<typeof ptBRLobby>;
export type MessagesCatalogue = Strings<typeof ptBRMessages>;
export type AdminCatalogue = Strings<typeof ptBRAdmin>;
export type HouseCatalogue = Strings<typeof ptBRHouse>;

/** All keys, for typed `t()` calls: parts merge into the one `translation` namespace. */
export type Catalogue = CoreCatalogue &
  AccountsCatalogue &
  LobbyCatalogue &
  WalletCatalogue &
  AdminCatalogue &
  MessagesCatalogue &
  HouseCatalogue;
