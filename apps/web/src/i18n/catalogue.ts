import type { ptBRAccounts } from './accounts/pt-BR';
import type { ptBRAdmin } from './admin/pt-BR';
import type { ptBRAgents } from './agents/pt-BR';
import type { ptBRContent } from './content/pt-BR';
import type { ptBRHouse } from './house/pt-BR';
import type { ptBRLobby } from './lobby/pt-BR';
import type { ptBRLottery } from './lottery/pt-BR';
import type { ptBRMessages } from './messages/pt-BR';
import type { ptBRRewards } from './rewards/pt-BR';
import type { ptBRSupport } from './support/pt-BR';
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
export type AgentsCatalogue = Strings<typeof ptBRAgents>;
export type RewardsCatalogue = Strings<typeof ptBRRewards>;
export type SupportCatalogue = Strings<typeof ptBRSupport>;
export type LotteryCatalogue = Strings<typeof ptBRLottery>;
export type ContentCatalogue = Strings<typeof ptBRContent>;

/** All keys, for typed `t()` calls: parts merge into the one `translation` namespace. */
export type Catalogue = CoreCatalogue &
  AccountsCatalogue &
  LobbyCatalogue &
  WalletCatalogue &
  AdminCatalogue &
  MessagesCatalogue &
  HouseCatalogue &
  AgentsCatalogue &
  RewardsCatalogue &
  SupportCatalogue &
  LotteryCatalogue &
  ContentCatalogue;
