import { GAME_CATEGORIES, type GameCategory, type Vendor } from '@banca/contracts';
import { createRng, hashString, type Rng } from '../lib/seeded-rng';

/**
 * The demo catalogue: ~10,000 games over 30 vendors, generated from a seeded PRNG so every
 * boot, every machine and every test sees the same catalogue (and the same artwork, which is
 * drawn from `artSeed`). Nothing here may read the clock, the locale or the environment.
 */

export type WalletMode = Vendor['walletMode'];
export type VendorEntryKind = Vendor['isGame'];

export interface DemoCategory {
  code: GameCategory;
  sortOrder: number;
}

export interface DemoVendor {
  code: string;
  name: string;
  gameCategory: GameCategory;
  walletMode: WalletMode;
  entryKind: VendorEntryKind;
  /** Global order; also the order inside a category, and the footer's logo order. */
  sortOrder: number;
  maintenance: boolean;
}

export interface DemoGame {
  vendorCode: string;
  gameCode: string;
  gameCategory: GameCategory;
  nameEn: string;
  namePt: string;
  classify: string;
  isHot: boolean;
  isNew: boolean;
  maintenance: boolean;
  rtpBps: number;
  /** Popularity rank inside the vendor, 1 = most played. */
  sortOrder: number;
  /** Non-negative 31-bit so it fits PostgreSQL `integer`. */
  artSeed: number;
}

export interface DemoCatalogue {
  categories: DemoCategory[];
  vendors: DemoVendor[];
  games: DemoGame[];
}

/** The lobby's classify filter per category; lobby-only categories have a single key. */
export const CLASSIFY_KEYS = {
  RNG: ['SLOT_VIDEO', 'SLOT_CLASSIC', 'MEGAWAYS', 'JACKPOT', 'BONUS_BUY', 'CRASH'],
  LIVE: ['BACCARAT', 'ROULETTE', 'BLACKJACK', 'GAME_SHOW', 'DRAGON_TIGER', 'SIC_BO'],
  FISH: ['FISH_SHOOTER', 'ARCADE'],
  PVP: ['POKER', 'TEEN_PATTI', 'RUMMY', 'TRUCO', 'DOMINO'],
  SPORTS: ['SPORTSBOOK'],
  ESPORTS: ['ESPORTSBOOK'],
  LOTT: ['LOTTERY'],
  ELOTT: ['E_LOTTERY'],
  BGS: ['ORIGINALS'],
  COCKFIGHT: ['COCKFIGHT'],
} as const satisfies Record<GameCategory, readonly string[]>;

type ClassifyOf<C extends keyof typeof CLASSIFY_KEYS> = (typeof CLASSIFY_KEYS)[C][number];

/** The game code of a LOBBY vendor's single entry: launching it opens the vendor's own lobby. */
export const LOBBY_GAME_CODE = 'LOBBY';

/** Share of a category's games flagged hot, and the floor that keeps every hot lane full. */
const HOT_SHARE = 0.03;
const MIN_HOT_PER_CATEGORY = 20;
/** Hot games are drawn from the most popular HOT_POOL_FACTOR × quota games of each vendor. */
const HOT_POOL_FACTOR = 4;
const NEW_SHARE = 0.04;
/** ~0.1 % of the catalogue, enough for the UI's "under maintenance" card state to be seen. */
const MAINTENANCE_GAME_COUNT = 10;
/** Longest name (either language) the card art wraps onto three lines at a legible size. */
const MAX_NAME_CHARS = 36;
/** Random redraws before a colliding name gets a sequel number; slots rarely need more than 3. */
const MAX_NAME_ATTEMPTS = 40;
/** Live tables and PvP rooms are numbered like real lobbies ("Speed Baccarat 3") after few redraws. */
const TABLE_NAME_ATTEMPTS = 3;

// ---------------------------------------------------------------------------------------------
// Seeded choices (the generator itself is lib/seeded-rng.ts)

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} outside 0..${items.length - 1}`);
  return item;
}

function pickWeighted<T>(rng: Rng, weights: readonly (readonly [T, number])[]): T {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [key, weight] of weights) {
    roll -= weight;
    if (roll < 0) return key;
  }
  return itemAt(weights, weights.length - 1)[0];
}

function shuffleInPlace<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const a = itemAt(items, i);
    items[i] = itemAt(items, j);
    items[j] = a;
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Bilingual name building. Portuguese puts most adjectives after the noun and makes them agree
// in gender and number, and turns a noun used as a modifier into a "de" phrase ("Fortune
// Tiger" → "Tigre da Fortuna"); these small types carry just enough grammar for that.

interface Name {
  en: string;
  pt: string;
}

interface Noun {
  en: string;
  pt: string;
  gender: 'm' | 'f';
  plural?: boolean;
  /** Proper names take no article: "Legend of Zeus", "Lenda de Zeus". */
  proper?: boolean;
}

type Modifier =
  /** Follows the noun in Portuguese and agrees with it. */
  | { kind: 'adj'; en: string; m: string; f: string; invariable?: boolean }
  /** Precedes the noun in both languages and never changes (Super, Mega, Grande). */
  | { kind: 'pre'; en: string; pt: string }
  /** A noun used as a modifier, a fixed "de" phrase in Portuguese. */
  | { kind: 'of'; en: string; pt: string };

const adj = (en: string, m: string, f = m, invariable = false): Modifier => ({
  kind: 'adj',
  en,
  m,
  f,
  invariable,
});
const pre = (en: string, pt: string): Modifier => ({ kind: 'pre', en, pt });
const of = (en: string, pt: string): Modifier => ({ kind: 'of', en, pt });
const m = (en: string, pt: string, extra: Partial<Noun> = {}): Noun => ({
  en,
  pt,
  gender: 'm',
  ...extra,
});
const f = (en: string, pt: string, extra: Partial<Noun> = {}): Noun => ({
  en,
  pt,
  gender: 'f',
  ...extra,
});

function pluralPt(word: string): string {
  if (/ão$/.test(word)) return word.replace(/ão$/, 'ões');
  if (/m$/.test(word)) return word.replace(/m$/, 'ns');
  if (/l$/.test(word)) return word.replace(/l$/, 'is');
  if (/[rzs]$/.test(word)) return `${word}es`;
  return `${word}s`;
}

function agree(modifier: Extract<Modifier, { kind: 'adj' }>, noun: Noun): string {
  const word = noun.gender === 'm' ? modifier.m : modifier.f;
  return noun.plural && !modifier.invariable ? pluralPt(word) : word;
}

/** "de" + article, contracted: do Dragão, da Fênix, dos Sinos, de Zeus. */
function ofNoun(noun: Noun): string {
  if (noun.proper) return `de ${noun.pt}`;
  const article = (noun.gender === 'm' ? 'do' : 'da') + (noun.plural ? 's' : '');
  return `${article} ${noun.pt}`;
}

function modify(noun: Noun, ...modifiers: Modifier[]): Name {
  let en = noun.en;
  let pt = noun.pt;
  const trailing: string[] = [];
  for (const modifier of [...modifiers].reverse()) {
    en = `${modifier.en} ${en}`;
    if (modifier.kind === 'pre') pt = `${modifier.pt} ${pt}`;
    else if (modifier.kind === 'adj') pt = `${pt} ${agree(modifier, noun)}`;
    else trailing.unshift(modifier.pt);
  }
  return { en, pt: [pt, ...trailing].join(' ') };
}

function withSuffix(name: Name, suffix: Name): Name {
  return suffix.en === '' ? name : { en: `${name.en} ${suffix.en}`, pt: `${name.pt} ${suffix.pt}` };
}

const s = (en: string, pt = en): Name => ({ en, pt });
const NO_SUFFIX = s('');

// ---------------------------------------------------------------------------------------------
// Word lists

const SLOT_ADJECTIVES: readonly Modifier[] = [
  adj('Golden', 'Dourado', 'Dourada'),
  adj('Lucky', 'Sortudo', 'Sortuda'),
  adj('Wild', 'Selvagem'),
  adj('Mighty', 'Poderoso', 'Poderosa'),
  adj('Mystic', 'Místico', 'Mística'),
  adj('Royal', 'Real'),
  adj('Ancient', 'Antigo', 'Antiga'),
  adj('Sacred', 'Sagrado', 'Sagrada'),
  adj('Magic', 'Mágico', 'Mágica'),
  adj('Crazy', 'Maluco', 'Maluca'),
  adj('Blazing', 'Flamejante'),
  adj('Dark', 'Sombrio', 'Sombria'),
  adj('Shining', 'Brilhante'),
  adj('Legendary', 'Lendário', 'Lendária'),
  adj('Hidden', 'Escondido', 'Escondida'),
  adj('Lost', 'Perdido', 'Perdida'),
  adj('Happy', 'Feliz'),
  adj('Sweet', 'Doce'),
  adj('Frozen', 'Congelado', 'Congelada'),
  adj('Electric', 'Elétrico', 'Elétrica'),
  adj('Cosmic', 'Cósmico', 'Cósmica'),
  adj('Fierce', 'Feroz'),
  adj('Rich', 'Rico', 'Rica'),
  adj('Eternal', 'Eterno', 'Eterna'),
  adj('Secret', 'Secreto', 'Secreta'),
  adj('Imperial', 'Imperial'),
  adj('Divine', 'Divino', 'Divina'),
  adj('Raging', 'Furioso', 'Furiosa'),
  adj('Silver', 'Prateado', 'Prateada'),
  adj('Tropical', 'Tropical'),
  adj('Brazilian', 'Brasileiro', 'Brasileira'),
  adj('Neon', 'Neon', 'Neon', true),
  pre('Super', 'Super'),
  pre('Mega', 'Mega'),
  pre('Great', 'Grande'),
];

const SLOT_QUALIFIERS: readonly Modifier[] = [
  of('Fortune', 'da Fortuna'),
  of('Fire', 'de Fogo'),
  of('Gold', 'de Ouro'),
  of('Thunder', 'do Trovão'),
  of('Moon', 'da Lua'),
  of('Sun', 'do Sol'),
  of('Jungle', 'da Selva'),
  of('Ocean', 'do Oceano'),
  of('Diamond', 'de Diamante'),
  of('Crystal', 'de Cristal'),
  of('Jade', 'de Jade'),
  of('Ruby', 'de Rubi'),
  of('Emerald', 'de Esmeralda'),
  of('Samba', 'do Samba'),
  of('Carnival', 'do Carnaval'),
  of('Storm', 'da Tempestade'),
  of('Ice', 'de Gelo'),
  of('Shadow', 'das Sombras'),
  of('Star', 'das Estrelas'),
  of('Lotus', 'de Lótus'),
  of('Money', 'do Dinheiro'),
  of('Candy', 'dos Doces'),
  of('Dream', 'dos Sonhos'),
  of('Desert', 'do Deserto'),
  of('Olympus', 'do Olimpo'),
  of('Amazon', 'da Amazônia'),
  of('Wealth', 'da Riqueza'),
  of('Volcano', 'do Vulcão'),
  of('Night', 'da Noite'),
];

/** Characters: they own treasures and have legends ("Dragon's Treasure", "Rise of the Phoenix"). */
const SLOT_CHARACTERS: readonly Noun[] = [
  m('Tiger', 'Tigre'),
  m('Dragon', 'Dragão'),
  m('Ox', 'Boi'),
  m('Rabbit', 'Coelho'),
  m('Mouse', 'Rato'),
  f('Phoenix', 'Fênix'),
  m('Lion', 'Leão'),
  m('Panda', 'Panda'),
  m('Monkey', 'Macaco'),
  m('Wolf', 'Lobo'),
  f('Eagle', 'Águia'),
  f('Queen', 'Rainha'),
  m('King', 'Rei'),
  m('Pharaoh', 'Faraó'),
  f('Goddess', 'Deusa'),
  f('Empress', 'Imperatriz'),
  m('Emperor', 'Imperador'),
  m('Samurai', 'Samurai'),
  m('Ninja', 'Ninja'),
  m('Pirate', 'Pirata'),
  f('Mermaid', 'Sereia'),
  m('Unicorn', 'Unicórnio'),
  m('Buffalo', 'Búfalo'),
  m('Rhino', 'Rinoceronte'),
  f('Jaguar', 'Onça'),
  m('Toucan', 'Tucano'),
  m('Parrot', 'Papagaio'),
  f('Macaw', 'Arara'),
  m('Frog', 'Sapo'),
  m('Cat', 'Gato'),
  f('Fox', 'Raposa'),
  f('Koi', 'Carpa Koi'),
  m('Genie', 'Gênio'),
  m('Wizard', 'Mago'),
  f('Witch', 'Bruxa'),
  m('Viking', 'Viking'),
  m('Knight', 'Cavaleiro'),
  f('Princess', 'Princesa'),
  m('Cowboy', 'Caubói'),
  m('Gorilla', 'Gorila'),
  m('Shark', 'Tubarão'),
  m('Bear', 'Urso'),
  m('Elephant', 'Elefante'),
  m('Stallion', 'Garanhão'),
  m('Rooster', 'Galo'),
  f('Serpent', 'Serpente'),
  m('Scorpion', 'Escorpião'),
  m('Hummingbird', 'Beija-flor'),
  f('Capybara', 'Capivara'),
  f('Sphinx', 'Esfinge'),
  m('Zeus', 'Zeus', { proper: true }),
  f('Athena', 'Atena', { proper: true }),
  m('Poseidon', 'Poseidon', { proper: true }),
  m('Anubis', 'Anúbis', { proper: true }),
  f('Cleopatra', 'Cleópatra', { proper: true }),
  f('Medusa', 'Medusa', { proper: true }),
];

/** Things: they take adjectives and qualifiers but own nothing. */
const SLOT_THINGS: readonly Noun[] = [
  m('Temple', 'Templo'),
  f('Crown', 'Coroa'),
  m('Chest', 'Baú'),
  f('Pearl', 'Pérola'),
  f('Lamp', 'Lâmpada'),
  f('Sword', 'Espada'),
  f('Mask', 'Máscara'),
  f('Pyramid', 'Pirâmide'),
  m('Castle', 'Castelo'),
  m('Ship', 'Navio'),
  m('Train', 'Trem'),
  m('Piggy Bank', 'Cofrinho'),
  m('Scarab', 'Escaravelho'),
  f('Compass', 'Bússola'),
  m('Idol', 'Ídolo'),
];

/** "<Character>'s <head>" in English, "<head> do <character>" in Portuguese. */
const POSSESSION_HEADS: readonly Name[] = [
  s('Treasure', 'Tesouro'),
  s('Riches', 'Riquezas'),
  s('Gold', 'Ouro'),
  s('Fortune', 'Fortuna'),
  s('Jewels', 'Joias'),
  s('Feast', 'Banquete'),
];

/** "<head> the <character>" in English, "<head> do <character>" in Portuguese. */
const LEGEND_HEADS: readonly Name[] = [
  s('Legend of', 'Lenda'),
  s('Rise of', 'Ascensão'),
  s('Gates of', 'Portões'),
  s('Temple of', 'Templo'),
  s('Quest for', 'Em Busca'),
  s('Secrets of', 'Segredos'),
  s('Kingdom of', 'Reino'),
  s('Wrath of', 'Fúria'),
  s('Curse of', 'Maldição'),
  s('Eye of', 'Olho'),
  s('Heart of', 'Coração'),
  s('Book of', 'Livro'),
  s('Return of', 'Retorno'),
  s('Power of', 'Poder'),
  s('Tomb of', 'Tumba'),
  s('Spirit of', 'Espírito'),
];

const VIDEO_SUFFIXES: readonly (readonly [Name, number])[] = [
  [NO_SUFFIX, 60],
  [s('Deluxe'), 12],
  [s('Bonanza'), 8],
  [s('Frenzy', 'Frenesi'), 8],
  [s('2'), 6],
  [s('Christmas', 'de Natal'), 3],
];

// Mechanic names stay in English in Brazilian lobbies (Megaways, Hold & Win): they are brands.
const JACKPOT_SUFFIXES: readonly Name[] = [
  s('Hold & Win'),
  s('Jackpot'),
  s('Mega Jackpot'),
  s('Link & Win'),
];
const BONUS_BUY_SUFFIXES: readonly Name[] = [
  s('1000'),
  s('Max'),
  s('Super Bonus', 'Super Bônus'),
  s('Power Spins', 'Giros Turbo'),
];

const CLASSIC_SYMBOLS: readonly Noun[] = [
  f('Fruits', 'Frutas', { plural: true }),
  m('Sevens', 'Setes', { plural: true }),
  m('Bells', 'Sinos', { plural: true }),
  f('Cherries', 'Cerejas', { plural: true }),
  f('Stars', 'Estrelas', { plural: true }),
  m('Diamonds', 'Diamantes', { plural: true }),
  m('Lemons', 'Limões', { plural: true }),
  f('Bars', 'Barras', { plural: true }),
  m('Clovers', 'Trevos', { plural: true }),
  m('Jokers', 'Coringas', { plural: true }),
  f('Gems', 'Joias', { plural: true }),
  f('Horseshoes', 'Ferraduras', { plural: true }),
  m('Melons', 'Melões', { plural: true }),
];

const CLASSIC_ADJECTIVES: readonly Modifier[] = [
  adj('Hot', 'Quente'),
  adj('Burning', 'Ardente'),
  adj('Sizzling', 'Escaldante'),
  adj('Lucky', 'Sortudo', 'Sortuda'),
  adj('Shining', 'Brilhante'),
  adj('Wild', 'Selvagem'),
  adj('Golden', 'Dourado', 'Dourada'),
  adj('Triple', 'Triplo', 'Tripla'),
  adj('Double', 'Duplo', 'Dupla'),
  adj('Crazy', 'Maluco', 'Maluca'),
  adj('Jolly', 'Alegre'),
  adj('Royal', 'Real'),
  adj('Classic', 'Clássico', 'Clássica'),
  adj('Retro', 'Retrô', 'Retrô', true),
  adj('Neon', 'Neon', 'Neon', true),
  pre('Super', 'Super'),
  pre('Mega', 'Mega'),
];

const CRASH_VEHICLES: readonly Noun[] = [
  m('Rocket', 'Foguete'),
  m('Jet', 'Jato'),
  m('Plane', 'Avião'),
  m('Balloon', 'Balão'),
  f('Spaceship', 'Nave'),
  m('Comet', 'Cometa'),
  m('Pilot', 'Piloto'),
  m('Astronaut', 'Astronauta'),
  m('UFO', 'Disco Voador'),
  m('Helicopter', 'Helicóptero'),
  m('Zeppelin', 'Zepelim'),
  f('Kite', 'Pipa'),
];

const CRASH_MODIFIERS: readonly Modifier[] = [
  ...SLOT_ADJECTIVES.filter((mod) =>
    ['Lucky', 'Crazy', 'Golden', 'Electric', 'Cosmic', 'Neon', 'Super', 'Mega'].includes(mod.en),
  ),
  adj('Space', 'Espacial'),
  adj('Turbo', 'Turbo', 'Turbo', true),
  of('Moon', 'da Lua'),
  of('Star', 'das Estrelas'),
  of('Sky', 'do Céu'),
  of('Money', 'do Dinheiro'),
];

// ---------------------------------------------------------------------------------------------
// Name makers per category

const SLOT_SUBJECTS: readonly Noun[] = [...SLOT_CHARACTERS, ...SLOT_THINGS];
const ALL_SLOT_MODIFIERS: readonly Modifier[] = [...SLOT_ADJECTIVES, ...SLOT_QUALIFIERS];

function slotNameBase(rng: Rng): Name {
  const roll = rng.next();
  if (roll < 0.3) return modify(rng.pick(SLOT_SUBJECTS), rng.pick(SLOT_ADJECTIVES));
  if (roll < 0.6) return modify(rng.pick(SLOT_SUBJECTS), rng.pick(SLOT_QUALIFIERS));
  if (roll < 0.68)
    return modify(rng.pick(SLOT_CHARACTERS), rng.pick(SLOT_ADJECTIVES), rng.pick(SLOT_QUALIFIERS));
  const character = rng.pick(SLOT_CHARACTERS);
  if (roll < 0.84) {
    const head = rng.pick(POSSESSION_HEADS);
    // Classical names ending in s take a bare apostrophe (Zeus' Treasure); everything else 's.
    const owner =
      character.proper && character.en.endsWith('s') ? `${character.en}'` : `${character.en}'s`;
    return { en: `${owner} ${head.en}`, pt: `${head.pt} ${ofNoun(character)}` };
  }
  const head = rng.pick(LEGEND_HEADS);
  return {
    en: `${head.en} ${character.proper ? '' : 'the '}${character.en}`,
    pt: `${head.pt} ${ofNoun(character)}`,
  };
}

function slotName(rng: Rng, classify: ClassifyOf<'RNG'>): Name {
  switch (classify) {
    case 'SLOT_VIDEO': {
      // Three-word titles are already a mouthful; a suffix would make them read like a list.
      const base = slotNameBase(rng);
      return base.en.split(' ').length >= 3
        ? base
        : withSuffix(base, pickWeighted(rng, VIDEO_SUFFIXES));
    }
    case 'MEGAWAYS':
      return withSuffix(slotNameBase(rng), s('Megaways'));
    case 'JACKPOT':
      return withSuffix(slotNameBase(rng), rng.pick(JACKPOT_SUFFIXES));
    case 'BONUS_BUY':
      return withSuffix(slotNameBase(rng), rng.pick(BONUS_BUY_SUFFIXES));
    case 'SLOT_CLASSIC': {
      const name = modify(rng.pick(CLASSIC_SYMBOLS), rng.pick(CLASSIC_ADJECTIVES));
      const lines = rng.pick(['', '', '', '5', '10', '20', '40', '100']);
      return lines === '' ? name : withSuffix(name, s(lines));
    }
    case 'CRASH': {
      const name = modify(rng.pick(CRASH_VEHICLES), rng.pick(CRASH_MODIFIERS));
      return rng.chance(0.3) ? withSuffix(name, s('X')) : name;
    }
  }
}

const LIVE_GAMES: Record<
  Exclude<ClassifyOf<'LIVE'>, 'GAME_SHOW'>,
  { noun: Noun; modifiers: readonly Modifier[] }
> = {
  BACCARAT: {
    noun: m('Baccarat', 'Bacará'),
    modifiers: [
      adj('Speed', 'Rápido', 'Rápida'),
      of('No Commission', 'Sem Comissão'),
      of('Squeeze', 'Squeeze'),
      adj('Golden', 'Dourado', 'Dourada'),
      adj('Lightning', 'Relâmpago', 'Relâmpago', true),
      of('Lucky', 'da Sorte'),
      adj('Brazilian', 'Brasileiro', 'Brasileira'),
      of('VIP', 'VIP'),
      adj('Royal', 'Real'),
    ],
  },
  ROULETTE: {
    noun: f('Roulette', 'Roleta'),
    modifiers: [
      adj('Lightning', 'Relâmpago', 'Relâmpago', true),
      adj('Speed', 'Rápido', 'Rápida'),
      adj('Auto', 'Automático', 'Automática'),
      adj('Immersive', 'Imersivo', 'Imersiva'),
      adj('European', 'Europeu', 'Europeia'),
      adj('French', 'Francês', 'Francesa'),
      adj('American', 'Americano', 'Americana'),
      adj('Brazilian', 'Brasileiro', 'Brasileira'),
      of('Double Ball', 'Bola Dupla'),
      of('VIP', 'VIP'),
      pre('Mega', 'Mega'),
      adj('Golden', 'Dourado', 'Dourada'),
    ],
  },
  BLACKJACK: {
    noun: m('Blackjack', 'Blackjack'),
    modifiers: [
      of('VIP', 'VIP'),
      adj('Speed', 'Rápido', 'Rápida'),
      adj('Infinite', 'Infinito', 'Infinita'),
      of('Free Bet', 'Aposta Grátis'),
      adj('Classic', 'Clássico', 'Clássica'),
      adj('Lightning', 'Relâmpago', 'Relâmpago', true),
      adj('Brazilian', 'Brasileiro', 'Brasileira'),
      adj('Golden', 'Dourado', 'Dourada'),
      adj('Royal', 'Real'),
    ],
  },
  DRAGON_TIGER: {
    noun: m('Dragon Tiger', 'Dragão Tigre'),
    modifiers: [
      adj('Speed', 'Rápido', 'Rápida'),
      adj('Golden', 'Dourado', 'Dourada'),
      adj('Lightning', 'Relâmpago', 'Relâmpago', true),
      of('VIP', 'VIP'),
      of('Lucky', 'da Sorte'),
    ],
  },
  SIC_BO: {
    noun: m('Sic Bo', 'Sic Bo'),
    modifiers: [
      pre('Super', 'Super'),
      adj('Speed', 'Rápido', 'Rápida'),
      adj('Lightning', 'Relâmpago', 'Relâmpago', true),
      adj('Golden', 'Dourado', 'Dourada'),
      pre('Mega', 'Mega'),
    ],
  },
};

const GAME_SHOWS: readonly Noun[] = [
  f('Wheel', 'Roda'),
  m('Bingo', 'Bingo'),
  m('Dice', 'Dados', { plural: true }),
  m('Coin Flip', 'Cara ou Coroa'),
  m('Football Studio', 'Estúdio de Futebol'),
  f('Treasure Hunt', 'Caça ao Tesouro'),
  f('Ball Drop', 'Queda de Bolas'),
  m('Keno', 'Keno'),
];

const GAME_SHOW_MODIFIERS: readonly Modifier[] = [
  of('Money', 'do Dinheiro'),
  pre('Mega', 'Mega'),
  pre('Super', 'Super'),
  adj('Crazy', 'Maluco', 'Maluca'),
  adj('Lightning', 'Relâmpago', 'Relâmpago', true),
  adj('Golden', 'Dourado', 'Dourada'),
  of('Lucky', 'da Sorte'),
  of('Dream', 'dos Sonhos'),
  of('Samba', 'do Samba'),
  of('Carnival', 'do Carnaval'),
  of('Fortune', 'da Fortuna'),
];

function liveName(rng: Rng, classify: ClassifyOf<'LIVE'>): Name {
  if (classify === 'GAME_SHOW') return modify(rng.pick(GAME_SHOWS), rng.pick(GAME_SHOW_MODIFIERS));
  const game = LIVE_GAMES[classify];
  // Some tables carry just the game's name, as the studio's flagship table.
  return rng.chance(0.12) ? modify(game.noun) : modify(game.noun, rng.pick(game.modifiers));
}

/** Each species with its Portuguese plural, which the hunt names need. */
const FISH_SPECIES: readonly (readonly [Noun, string])[] = [
  [m('Shark', 'Tubarão'), 'Tubarões'],
  [f('Whale', 'Baleia'), 'Baleias'],
  [m('Octopus', 'Polvo'), 'Polvos'],
  [m('Kraken', 'Kraken'), 'Krakens'],
  [f('Mermaid', 'Sereia'), 'Sereias'],
  [m('Dragon', 'Dragão'), 'Dragões'],
  [m('Crab', 'Caranguejo'), 'Caranguejos'],
  [f('Turtle', 'Tartaruga'), 'Tartarugas'],
  [f('Lobster', 'Lagosta'), 'Lagostas'],
  [f('Squid', 'Lula'), 'Lulas'],
  [m('Dolphin', 'Golfinho'), 'Golfinhos'],
  [f('Piranha', 'Piranha'), 'Piranhas'],
  [m('Arapaima', 'Pirarucu'), 'Pirarucus'],
  [f('Manta Ray', 'Arraia'), 'Arraias'],
  [m('Swordfish', 'Peixe-espada'), 'Peixes-espada'],
];

/** "<Species> Hunter" → "Caçador de Tubarões": English compounds take the singular, Portuguese the plural. */
const FISH_HUNT_HEADS: readonly Name[] = [
  s('Hunter', 'Caçador de'),
  s('Attack', 'Ataque de'),
  s('Frenzy', 'Frenesi de'),
  s('Bounty', 'Recompensa de'),
  s('Storm', 'Tempestade de'),
];

const FISH_PLACES: readonly Noun[] = [
  m('Ocean', 'Oceano'),
  m('Sea', 'Mar'),
  m('Reef', 'Recife'),
  m('Abyss', 'Abismo'),
  m('River', 'Rio'),
  f('Amazon', 'Amazônia'),
  f('Lagoon', 'Lagoa'),
  f('Deep Sea', 'Profundezas', { plural: true }),
];
const FISH_PLACE_HEADS: readonly Name[] = [
  s('King', 'Rei'),
  s('Queen', 'Rainha'),
  s('Lord', 'Senhor'),
  s('Legend', 'Lenda'),
  s('Treasure', 'Tesouro'),
];

const FISH_SUFFIXES: readonly (readonly [Name, number])[] = [
  [NO_SUFFIX, 70],
  [s('2'), 8],
  [s('3'), 5],
  [s('Deluxe'), 9],
  [s('Jackpot'), 8],
];

const ARCADE_GAMES: readonly Noun[] = [
  m('Cannon', 'Canhão'),
  f('Tower', 'Torre'),
  m('Racer', 'Corredor'),
  m('Penalty', 'Pênalti'),
  m('Rocket', 'Foguete'),
  m('Bomber', 'Bombardeiro'),
  m('Darts', 'Dardos', { plural: true }),
  m('Goal', 'Gol'),
  m('Kart', 'Kart'),
  f('Bubbles', 'Bolhas', { plural: true }),
  m('Tank', 'Tanque'),
  f('Bricks', 'Pedras', { plural: true }),
  m('Hi-Lo', 'Hi-Lo'),
  m('Wheel Spin', 'Giro'),
];

function fishName(rng: Rng, classify: ClassifyOf<'FISH'>): Name {
  if (classify === 'ARCADE') return modify(rng.pick(ARCADE_GAMES), rng.pick(ALL_SLOT_MODIFIERS));
  const roll = rng.next();
  let base: Name;
  if (roll < 0.25) {
    const modifier = rng.pick(ALL_SLOT_MODIFIERS);
    base = modify(f('Fishing', 'Pesca'), modifier);
  } else if (roll < 0.5) {
    const [species, ptPlural] = rng.pick(FISH_SPECIES);
    const head = rng.pick(FISH_HUNT_HEADS);
    base = { en: `${species.en} ${head.en}`, pt: `${head.pt} ${ptPlural}` };
  } else if (roll < 0.75) {
    base = modify(rng.pick(FISH_SPECIES)[0], rng.pick(ALL_SLOT_MODIFIERS));
  } else {
    const place = rng.pick(FISH_PLACES);
    const head = rng.pick(FISH_PLACE_HEADS);
    base = { en: `${place.en} ${head.en}`, pt: `${head.pt} ${ofNoun(place)}` };
  }
  return withSuffix(base, pickWeighted(rng, FISH_SUFFIXES));
}

const PVP_GAMES: Record<ClassifyOf<'PVP'>, readonly Name[]> = {
  POKER: [
    s("Texas Hold'em"),
    s('Omaha'),
    s('Omaha Hi-Lo'),
    s('Short Deck Poker', 'Pôquer Short Deck'),
    s('Five Card Draw', 'Pôquer Fechado'),
    s('Stud Poker', 'Pôquer Stud'),
    s('Caribbean Poker', 'Pôquer Caribenho'),
    s('Three Card Poker', 'Pôquer de Três Cartas'),
  ],
  TEEN_PATTI: [
    s('Teen Patti'),
    s('Teen Patti 20-20'),
    s('Muflis Teen Patti', 'Teen Patti Muflis'),
    s('Joker Teen Patti', 'Teen Patti Coringa'),
  ],
  RUMMY: [
    s('Rummy'),
    s('Gin Rummy'),
    s('Buraco'),
    s('Canasta', 'Canastra'),
    s('Tranca'),
    s('Pif Paf', 'Pife'),
  ],
  TRUCO: [s('Truco'), s('Truco Paulista'), s('Truco Mineiro'), s('Gaúcho Truco', 'Truco Gaúcho')],
  DOMINO: [
    s('Dominoes', 'Dominó'),
    s('All Fives Dominoes', 'Dominó Pontinho'),
    s('Partner Dominoes', 'Dominó em Dupla'),
    s('Block Dominoes', 'Dominó Bloqueio'),
  ],
};

/** Room kinds; all invariable in Portuguese so they fit masculine and feminine games alike. */
const PVP_ROOMS: readonly (readonly [Name, number])[] = [
  [NO_SUFFIX, 20],
  [s('Turbo'), 10],
  [s('Pro'), 10],
  [s('Quick Match', 'Partida Rápida'), 10],
  [s('Tournament', 'Torneio'), 10],
  [s('High Stakes', 'Apostas Altas'), 8],
  [s('Beginners', 'Iniciantes'), 8],
  [s('VIP'), 8],
  [s('Duel', 'Duelo'), 8],
  [s('Night League', 'Liga Noturna'), 6],
  [s('Jackpot'), 6],
];

function pvpName(rng: Rng, classify: ClassifyOf<'PVP'>): Name {
  return withSuffix(rng.pick(PVP_GAMES[classify]), pickWeighted(rng, PVP_ROOMS));
}

/**
 * Draws names until one is free in this vendor (in both languages); after `attempts` draws it
 * numbers the last one like a sequel or a second table ("… 2", "… 3").
 */
/** Names already used by one vendor, per language. */
interface TakenNames {
  en: Set<string>;
  pt: Set<string>;
}

function uniqueName(taken: TakenNames, attempts: number, draw: () => Name): Name {
  let name = draw();
  for (let attempt = 1; attempt < attempts && (isTaken(taken, name) || isTooLong(name)); attempt++)
    name = draw();
  for (let n = 2; isTaken(taken, name); n++) {
    const numbered = withSuffix(name, s(String(n)));
    if (!isTaken(taken, numbered)) name = numbered;
  }
  taken.en.add(name.en);
  taken.pt.add(name.pt);
  return name;
}

function isTooLong(name: Name): boolean {
  return name.en.length > MAX_NAME_CHARS || name.pt.length > MAX_NAME_CHARS;
}

function isTaken(taken: TakenNames, name: Name): boolean {
  return taken.en.has(name.en) || taken.pt.has(name.pt);
}

// ---------------------------------------------------------------------------------------------
// Vendors

type VassalageCategory = 'RNG' | 'LIVE' | 'FISH' | 'PVP';

interface VendorPlan {
  code: string;
  name: string;
  gameCategory: GameCategory;
  walletMode: WalletMode;
  entryKind: VendorEntryKind;
  /** VASSALAGE vendors only; LOBBY vendors always have their one lobby entry. */
  gameCount?: number;
  maintenance?: boolean;
  /** Overrides the category's classify mix for a vendor with a speciality. */
  classifyWeights?: readonly (readonly [string, number])[];
}

const slots = (
  code: string,
  name: string,
  gameCount: number,
  extra: Partial<VendorPlan> = {},
): VendorPlan => ({
  code,
  name,
  gameCategory: 'RNG',
  walletMode: 'seamless',
  entryKind: 'VASSALAGE',
  gameCount,
  ...extra,
});
const games = (
  gameCategory: GameCategory,
  code: string,
  name: string,
  gameCount: number,
  extra: Partial<VendorPlan> = {},
): VendorPlan => ({
  ...slots(code, name, gameCount, extra),
  gameCategory,
});
const lobby = (
  gameCategory: GameCategory,
  code: string,
  name: string,
  walletMode: WalletMode = 'seamless',
): VendorPlan => ({
  code,
  name,
  gameCategory,
  walletMode,
  entryKind: 'LOBBY',
});

/**
 * Listed in the footer's logo order (docs/product.md §9: PG, EG2, PT, JDB, CQ9, FC, JL, BGS) first;
 * the list order is every vendor's sort order. Names are neutral inventions, not the trademarks
 * these codes usually stand for. Game counts add up to exactly 10,000 with the lobby entries.
 */
const VENDOR_PLANS: readonly VendorPlan[] = [
  slots('PG', 'PG Studios', 620),
  slots('EG2', 'EG2 Gaming', 760),
  slots('PT', 'PT Interactive', 1150),
  slots('JDB', 'JDB Gaming', 840),
  slots('CQ9', 'CQ9 Gaming', 980),
  games('FISH', 'FC', 'FC Games', 260),
  slots('JL', 'JL Games', 760),
  games('BGS', 'BGS', 'Banca Originals', 0),
  slots('NVR', 'Nova Reels', 820),
  slots('LKF', 'Lucky Forge', 700),
  slots('SSP', 'Solar Spin', 680),
  // The one vendor under maintenance, so the lobby's maintenance state is always on show.
  slots('RWG', 'Redwood Gaming', 620, { maintenance: true }),
  games('FISH', 'DBA', 'Deep Blue Arcade', 190),
  games('LIVE', 'AUL', 'Aurora Live', 340, { walletMode: 'transfer' }),
  games('LIVE', 'VLV', 'Velvet Live', 280),
  games('LIVE', 'CRL', 'Crystal Live', 220),
  games('LIVE', 'LMN', 'Lumen Studios', 160, {
    classifyWeights: [
      ['BACCARAT', 15],
      ['ROULETTE', 20],
      ['BLACKJACK', 15],
      ['GAME_SHOW', 35],
      ['DRAGON_TIGER', 8],
      ['SIC_BO', 7],
    ],
  }),
  games('PVP', 'KTB', "King's Table", 250, {
    classifyWeights: [
      ['POKER', 50],
      ['TEEN_PATTI', 25],
      ['RUMMY', 15],
      ['TRUCO', 5],
      ['DOMINO', 5],
    ],
  }),
  games('PVP', 'MSB', 'Mesa Brasil', 180, {
    classifyWeights: [
      ['POKER', 10],
      ['RUMMY', 30],
      ['TRUCO', 35],
      ['DOMINO', 25],
    ],
  }),
  games('PVP', 'RYC', 'Royal Cards', 160),
  lobby('SPORTS', 'ARS', 'Arena Sports', 'transfer'),
  lobby('SPORTS', 'GLB', 'Goal Line'),
  lobby('SPORTS', 'PRO', 'Prime Odds'),
  lobby('ESPORTS', 'NXE', 'Nexus Esports'),
  lobby('ESPORTS', 'PXA', 'Pixel Arena'),
  lobby('LOTT', 'GLT', 'Grand Lotto'),
  lobby('LOTT', 'SRG', 'Sorte Grande'),
  // Banca's own e-lottery (modules/lottery): its tile opens the lottery lobby (/lottery).
  lobby('ELOTT', 'BLT', 'Banca Loteria'),
  lobby('ELOTT', 'QDR', 'Quick Draw'),
  lobby('COCKFIGHT', 'GDO', 'Galo de Ouro'),
  lobby('COCKFIGHT', 'GLA', 'Gallera Arena'),
];

const CLASSIFY_WEIGHTS: Record<VassalageCategory, readonly (readonly [string, number])[]> = {
  RNG: [
    ['SLOT_VIDEO', 55],
    ['SLOT_CLASSIC', 12],
    ['MEGAWAYS', 10],
    ['JACKPOT', 10],
    ['BONUS_BUY', 11],
    ['CRASH', 2],
  ],
  LIVE: [
    ['BACCARAT', 30],
    ['ROULETTE', 25],
    ['BLACKJACK', 25],
    ['GAME_SHOW', 8],
    ['DRAGON_TIGER', 7],
    ['SIC_BO', 5],
  ],
  FISH: [
    ['FISH_SHOOTER', 80],
    ['ARCADE', 20],
  ],
  PVP: [
    ['POKER', 30],
    ['TEEN_PATTI', 15],
    ['RUMMY', 20],
    ['TRUCO', 20],
    ['DOMINO', 15],
  ],
};

// ---------------------------------------------------------------------------------------------
// House games (BGS): provably fair games run by the platform itself; `engine` names the game
// logic a variant configures.

export type HouseEngine = 'crash' | 'double' | 'mines' | 'plinko' | 'dice' | 'limbo';

export interface HouseGame {
  gameCode: string;
  engine: HouseEngine;
  nameEn: string;
  namePt: string;
  /** The configured RTP the engine is tuned to and a simulation test confirms. */
  rtpBps: number;
  isNew: boolean;
}

const house = (
  gameCode: string,
  engine: HouseEngine,
  name: Name,
  rtpBps: number,
  isNew = false,
): HouseGame => ({
  gameCode,
  engine,
  nameEn: name.en,
  namePt: name.pt,
  rtpBps,
  isNew,
});

/** In popularity order (Brazilian players favour crash, double and mines); all are hot. */
export const HOUSE_GAMES: readonly HouseGame[] = [
  house('BGS_CRASH', 'crash', s('Crash'), 9700),
  house('BGS_DOUBLE', 'double', s('Double'), 9700),
  house('BGS_MINES', 'mines', s('Mines', 'Minas'), 9900),
  house('BGS_PLINKO', 'plinko', s('Plinko'), 9900),
  house('BGS_DICE', 'dice', s('Dice', 'Dados'), 9900),
  house('BGS_LIMBO', 'limbo', s('Limbo'), 9900),
  house('BGS_CRASH_ROCKET', 'crash', s('Rocket Crash', 'Crash Foguete'), 9700),
  house('BGS_DOUBLE_TURBO', 'double', s('Double Turbo'), 9700),
  house('BGS_MINES_MEGA', 'mines', s('Mega Mines', 'Mega Minas'), 9800),
  house('BGS_PLINKO_NEON', 'plinko', s('Neon Plinko', 'Plinko Neon'), 9850, true),
  house('BGS_CRASH_SPACE', 'crash', s('Space Crash', 'Crash Espacial'), 9650, true),
  house('BGS_DICE_TURBO', 'dice', s('Turbo Dice', 'Dados Turbo'), 9850),
  house('BGS_MINES_GEMS', 'mines', s('Diamond Mines', 'Minas de Diamante'), 9850),
  house('BGS_DOUBLE_GOLD', 'double', s('Golden Double', 'Double Dourado'), 9650),
  house('BGS_LIMBO_TURBO', 'limbo', s('Limbo Turbo'), 9850),
  house('BGS_PLINKO_PRO', 'plinko', s('Plinko Pro'), 9800),
  house('BGS_CRASH_TURBO', 'crash', s('Crash Turbo'), 9600),
  house('BGS_DICE_CLASSIC', 'dice', s('Classic Dice', 'Dados Clássicos'), 9900),
  house('BGS_LIMBO_MAX', 'limbo', s('Limbo Max'), 9800),
  house('BGS_DICE_NEON', 'dice', s('Neon Dice', 'Dados Neon'), 9800),
];

// ---------------------------------------------------------------------------------------------
// Games

const NAME_MAKERS: Record<VassalageCategory, (rng: Rng, classify: string) => Name> = {
  RNG: (rng, classify) => slotName(rng, classify as ClassifyOf<'RNG'>),
  LIVE: (rng, classify) => liveName(rng, classify as ClassifyOf<'LIVE'>),
  FISH: (rng, classify) => fishName(rng, classify as ClassifyOf<'FISH'>),
  PVP: (rng, classify) => pvpName(rng, classify as ClassifyOf<'PVP'>),
};

/** Fixed house edges of the table games (single-zero roulette, banker-side baccarat…). */
const LIVE_RTP_BPS: Record<Exclude<ClassifyOf<'LIVE'>, 'GAME_SHOW'>, number> = {
  BACCARAT: 9894,
  ROULETTE: 9730,
  BLACKJACK: 9950,
  DRAGON_TIGER: 9627,
  SIC_BO: 9722,
};
const AMERICAN_ROULETTE_RTP_BPS = 9474;
/** Sportsbooks and lotteries have no single RTP; the margin of a typical market stands in. */
const LOBBY_RTP_BPS = 9500;

function rtpBpsFor(rng: Rng, category: VassalageCategory, classify: string, name: Name): number {
  switch (category) {
    case 'RNG':
      // Slots cluster around 96 %; the triangular draw keeps the 94 % and 98 % ends rare.
      return classify === 'CRASH' ? 9700 : Math.round(9400 + 200 * (rng.next() + rng.next()));
    case 'FISH':
      return rng.int(9500, 9750);
    case 'PVP':
      return rng.int(9500, 9750);
    case 'LIVE':
      if (classify === 'GAME_SHOW') return rng.int(9500, 9650);
      if (name.en.includes('American')) return AMERICAN_ROULETTE_RTP_BPS;
      return LIVE_RTP_BPS[classify as keyof typeof LIVE_RTP_BPS];
  }
}

function artSeedOf(rng: Rng): number {
  return rng.uint32() >>> 1;
}

function generateVassalageGames(plan: VendorPlan, category: VassalageCategory): DemoGame[] {
  const rng = createRng(hashString(`banca-demo/games/${plan.code}`));
  const count = plan.gameCount ?? 0;
  const weights = plan.classifyWeights ?? CLASSIFY_WEIGHTS[category];
  const attempts =
    category === 'LIVE' || category === 'PVP' ? TABLE_NAME_ATTEMPTS : MAX_NAME_ATTEMPTS;
  const taken: TakenNames = { en: new Set(), pt: new Set() };
  const popularity = shuffleInPlace(
    rng,
    Array.from({ length: count }, (_, i) => i + 1),
  );
  const result: DemoGame[] = [];
  // Codes climb with gaps, like a provider's catalogue after years of retired titles.
  let codeNumber = rng.int(1, 120);
  for (let i = 0; i < count; i++) {
    const classify = pickWeighted(rng, weights);
    const name = uniqueName(taken, attempts, () => NAME_MAKERS[category](rng, classify));
    result.push({
      vendorCode: plan.code,
      gameCode: `${plan.code}_${String(codeNumber).padStart(5, '0')}`,
      gameCategory: plan.gameCategory,
      nameEn: name.en,
      namePt: name.pt,
      classify,
      isHot: false,
      isNew: rng.chance(NEW_SHARE),
      maintenance: false,
      rtpBps: rtpBpsFor(rng, category, classify, name),
      sortOrder: itemAt(popularity, i),
      artSeed: artSeedOf(rng),
    });
    codeNumber += rng.int(1, 3);
  }
  return result;
}

function generateHouseGames(plan: VendorPlan): DemoGame[] {
  const rng = createRng(hashString(`banca-demo/games/${plan.code}`));
  return HOUSE_GAMES.map((game, i) => ({
    vendorCode: plan.code,
    gameCode: game.gameCode,
    gameCategory: plan.gameCategory,
    nameEn: game.nameEn,
    namePt: game.namePt,
    classify: CLASSIFY_KEYS.BGS[0],
    isHot: false,
    isNew: game.isNew,
    maintenance: false,
    rtpBps: game.rtpBps,
    sortOrder: i + 1,
    artSeed: artSeedOf(rng),
  }));
}

function generateLobbyGame(plan: VendorPlan): DemoGame {
  const rng = createRng(hashString(`banca-demo/games/${plan.code}`));
  return {
    vendorCode: plan.code,
    gameCode: LOBBY_GAME_CODE,
    gameCategory: plan.gameCategory,
    nameEn: plan.name,
    namePt: plan.name,
    classify: itemAt(CLASSIFY_KEYS[plan.gameCategory], 0),
    isHot: false,
    isNew: false,
    maintenance: false,
    rtpBps: LOBBY_RTP_BPS,
    sortOrder: 1,
    artSeed: artSeedOf(rng),
  };
}

function generateVendorGames(plan: VendorPlan): DemoGame[] {
  if (plan.entryKind === 'LOBBY') return [generateLobbyGame(plan)];
  if (plan.gameCategory === 'BGS') return generateHouseGames(plan);
  const category = plan.gameCategory;
  if (category === 'RNG' || category === 'LIVE' || category === 'FISH' || category === 'PVP')
    return generateVassalageGames(plan, category);
  throw new Error(`no game generator for ${plan.code} (${category})`);
}

/** Splits `total` over `sizes` in proportion, largest remainders first (ties: earlier vendor). */
function apportion(total: number, sizes: readonly number[]): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  const exact = sizes.map((size) => (total * size) / sum);
  const shares = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; k < total - shares.reduce((a, b) => a + b, 0); k++) {
    const { i } = itemAt(byRemainder, k);
    shares[i] = itemAt(shares, i) + 1;
  }
  return shares;
}

/**
 * Hot games are a category's most played: each vendor's share of the category's hot quota is
 * drawn from its top ranks, so hot lanes mix vendors and never show a forgotten title.
 */
function markHotGames(gamesByVendor: ReadonlyMap<string, DemoGame[]>): void {
  for (const category of GAME_CATEGORIES) {
    const plans = VENDOR_PLANS.filter(
      (plan) => plan.gameCategory === category && plan.entryKind === 'VASSALAGE',
    );
    const vendorGames = plans.map((plan) => gamesByVendor.get(plan.code) ?? []);
    const total = vendorGames.reduce((sum, list) => sum + list.length, 0);
    if (total === 0) continue;
    const quota = Math.min(total, Math.max(MIN_HOT_PER_CATEGORY, Math.round(total * HOT_SHARE)));
    const shares = apportion(
      quota,
      vendorGames.map((list) => list.length),
    );
    vendorGames.forEach((list, i) => {
      const share = itemAt(shares, i);
      const rng = createRng(hashString(`banca-demo/hot/${itemAt(plans, i).code}`));
      const pool = [...list]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .slice(0, share * HOT_POOL_FACTOR);
      for (const game of shuffleInPlace(rng, pool).slice(0, share)) game.isHot = true;
    });
  }
}

/** A handful of ordinary titles (never hot, never a house game) show the maintenance state. */
function markMaintenanceGames(games: readonly DemoGame[]): void {
  const rng = createRng(hashString('banca-demo/maintenance'));
  const eligible = games.filter(
    (game) => !game.isHot && game.gameCategory !== 'BGS' && game.gameCode !== LOBBY_GAME_CODE,
  );
  for (const game of shuffleInPlace(rng, [...eligible]).slice(0, MAINTENANCE_GAME_COUNT))
    game.maintenance = true;
}

export function buildDemoCatalogue(): DemoCatalogue {
  const categories = GAME_CATEGORIES.map((code, i) => ({ code, sortOrder: i + 1 }));
  const vendors: DemoVendor[] = VENDOR_PLANS.map((plan, i) => ({
    code: plan.code,
    name: plan.name,
    gameCategory: plan.gameCategory,
    walletMode: plan.walletMode,
    entryKind: plan.entryKind,
    sortOrder: i + 1,
    maintenance: plan.maintenance ?? false,
  }));
  const gamesByVendor = new Map(VENDOR_PLANS.map((plan) => [plan.code, generateVendorGames(plan)]));
  markHotGames(gamesByVendor);
  const games = [...gamesByVendor.values()].flat();
  markMaintenanceGames(games);
  return { categories, vendors, games };
}
