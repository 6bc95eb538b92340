/**
 * Word lists for demo game names. Each entry carries its Portuguese form and gender so that
 * names read naturally in both languages: "Golden Fortune" / "Fortuna Dourada" (adjective after
 * the noun, agreeing with it), "Fortune Tiger" / "Tigre da Fortuna" (contracted preposition).
 */

export type Gender = 'm' | 'f';

export interface Noun {
  en: string;
  pt: string;
  gender: Gender;
}

export interface Adjective {
  en: string;
  m: string;
  f: string;
}

/** A noun used as a modifier: EN puts it first ("Fortune Tiger"), PT after "de" ("da Fortuna"). */
export interface Modifier {
  en: string;
  /** With the contracted preposition: "da Fortuna", "do Dragão", "das Ações". */
  pt: string;
}

const noun = (en: string, pt: string, gender: Gender): Noun => ({ en, pt, gender });
const adjective = (en: string, m: string, f: string = m): Adjective => ({ en, m, f });
const modifier = (en: string, pt: string): Modifier => ({ en, pt });

export const HEAD_NOUNS: readonly Noun[] = [
  noun('Tiger', 'Tigre', 'm'), noun('Dragon', 'Dragão', 'm'), noun('Heart', 'Coração', 'm'), noun('Wheel', 'Roda', 'f'),
  noun('Treasure', 'Tesouro', 'm'), noun('Phoenix', 'Fênix', 'f'), noun('Panda', 'Panda', 'm'), noun('Lion', 'Leão', 'm'),
  noun('Ox', 'Boi', 'm'), noun('Rabbit', 'Coelho', 'm'), noun('Mouse', 'Rato', 'm'), noun('Monkey', 'Macaco', 'm'),
  noun('Queen', 'Rainha', 'f'), noun('King', 'Rei', 'm'), noun('Temple', 'Templo', 'm'), noun('Pyramid', 'Pirâmide', 'f'),
  noun('Star', 'Estrela', 'f'), noun('Moon', 'Lua', 'f'), noun('Jewel', 'Joia', 'f'), noun('Crown', 'Coroa', 'f'),
  noun('Cherry', 'Cereja', 'f'), noun('Bell', 'Sino', 'm'), noun('Coin', 'Moeda', 'f'), noun('Pirate', 'Pirata', 'm'),
  noun('Ship', 'Navio', 'm'), noun('Island', 'Ilha', 'f'), noun('Volcano', 'Vulcão', 'm'), noun('Rooster', 'Galo', 'm'),
  noun('Eagle', 'Águia', 'f'), noun('Wolf', 'Lobo', 'm'), noun('Buffalo', 'Búfalo', 'm'), noun('Horse', 'Cavalo', 'm'),
  noun('Mermaid', 'Sereia', 'f'), noun('Wizard', 'Mago', 'm'), noun('Witch', 'Bruxa', 'f'), noun('Goddess', 'Deusa', 'f'),
  noun('Warrior', 'Guerreiro', 'm'), noun('Jaguar', 'Onça', 'f'), noun('Parrot', 'Papagaio', 'm'), noun('Toucan', 'Tucano', 'm'),
  noun('Chest', 'Baú', 'm'), noun('Lamp', 'Lâmpada', 'f'), noun('Bull', 'Touro', 'm'), noun('Fox', 'Raposa', 'f'),
  noun('Owl', 'Coruja', 'f'), noun('Clover', 'Trevo', 'm'), noun('Fortune', 'Fortuna', 'f'), noun('Party', 'Festa', 'f'),
  noun('Emperor', 'Imperador', 'm'), noun('Princess', 'Princesa', 'f'), noun('Samurai', 'Samurai', 'm'), noun('Cat', 'Gato', 'm'),
];

export const ADJECTIVES: readonly Adjective[] = [
  adjective('Golden', 'Dourado', 'Dourada'), adjective('Lucky', 'Sortudo', 'Sortuda'), adjective('Wild', 'Selvagem'),
  adjective('Magic', 'Mágico', 'Mágica'), adjective('Royal', 'Real'), adjective('Sweet', 'Doce'), adjective('Crazy', 'Maluco', 'Maluca'),
  adjective('Mighty', 'Poderoso', 'Poderosa'), adjective('Ancient', 'Antigo', 'Antiga'), adjective('Sacred', 'Sagrado', 'Sagrada'),
  adjective('Secret', 'Secreto', 'Secreta'), adjective('Happy', 'Feliz'), adjective('Red', 'Vermelho', 'Vermelha'), adjective('Blue', 'Azul'),
  adjective('Silver', 'Prateado', 'Prateada'), adjective('Shining', 'Brilhante'), adjective('Great', 'Grande'), adjective('Fiery', 'Ardente'),
  adjective('Frozen', 'Congelado', 'Congelada'), adjective('Electric', 'Elétrico', 'Elétrica'), adjective('Tropical', 'Tropical'),
  adjective('Cosmic', 'Cósmico', 'Cósmica'), adjective('Hidden', 'Escondido', 'Escondida'), adjective('Legendary', 'Lendário', 'Lendária'),
  adjective('Rich', 'Rico', 'Rica'), adjective('Giant', 'Gigante'),
];

export const MODIFIERS: readonly Modifier[] = [
  modifier('Fortune', 'da Fortuna'), modifier('Luck', 'da Sorte'), modifier('Gold', 'do Ouro'), modifier('Fire', 'do Fogo'),
  modifier('Jungle', 'da Selva'), modifier('Dragon', 'do Dragão'), modifier('Carnival', 'do Carnaval'), modifier('Thunder', 'do Trovão'),
  modifier('Moon', 'da Lua'), modifier('Sun', 'do Sol'), modifier('Samba', 'do Samba'), modifier('Magic', 'da Magia'),
  modifier('Treasure', 'do Tesouro'), modifier('Candy', 'dos Doces'), modifier('Diamond', 'do Diamante'), modifier('Ocean', 'do Oceano'),
  modifier('Rainbow', 'do Arco-Íris'), modifier('Desert', 'do Deserto'), modifier('Stock Market', 'das Ações'), modifier('Bonus', 'do Bônus'),
];

/** "of …" phrases: EN "Heart of the Jungle", PT "Coração da Selva". */
export const PLACES: readonly Modifier[] = [
  modifier('of the Jungle', 'da Selva'), modifier('of the Nile', 'do Nilo'), modifier('of Olympus', 'do Olimpo'),
  modifier('of the Amazon', 'da Amazônia'), modifier('of Rio', 'do Rio'), modifier('of the Sea', 'do Mar'),
  modifier('of the Night', 'da Noite'), modifier('of Fortune', 'da Fortuna'), modifier('of the Pharaoh', 'do Faraó'),
  modifier('of Atlantis', 'de Atlântida'), modifier('of the Sun', 'do Sol'), modifier('of Gold', 'de Ouro'),
  modifier('of the North', 'do Norte'), modifier('of the Emperor', 'do Imperador'), modifier('of Luck', 'da Sorte'),
];

/** Placed first in English and last in Portuguese: "Mega Fortune Wheel" / "Roda da Fortuna Mega". */
export const INTENSIFIERS: readonly string[] = ['Mega', 'Super', 'Ultra'];

export const CRASH_NOUNS: readonly Noun[] = [
  noun('Rocket', 'Foguete', 'm'), noun('Plane', 'Avião', 'm'), noun('Balloon', 'Balão', 'm'), noun('Comet', 'Cometa', 'm'),
  noun('Jet', 'Jato', 'm'), noun('Spaceman', 'Astronauta', 'm'), noun('Kite', 'Pipa', 'f'), noun('Satellite', 'Satélite', 'm'),
];

/** Table base names per classify, [English, Portuguese]. */
export type TableNames = Readonly<Record<string, ReadonlyArray<readonly [en: string, pt: string]>>>;

/** Live tables: base names per classify; a table number makes each one distinct. */
export const LIVE_TABLES: TableNames = {
  baccarat: [['Baccarat', 'Bacará'], ['Speed Baccarat', 'Bacará Rápido'], ['Squeeze Baccarat', 'Bacará Squeeze'], ['No Commission Baccarat', 'Bacará Sem Comissão']],
  roulette: [['Roulette', 'Roleta'], ['Speed Roulette', 'Roleta Rápida'], ['Brazilian Roulette', 'Roleta Brasileira'], ['Auto Roulette', 'Roleta Automática'], ['VIP Roulette', 'Roleta VIP']],
  blackjack: [['Blackjack', 'Blackjack'], ['VIP Blackjack', 'Blackjack VIP'], ['Speed Blackjack', 'Blackjack Rápido']],
  gameshow: [['Money Wheel', 'Roda do Dinheiro'], ['Lucky Dice', 'Dados da Sorte'], ['Carnival Show', 'Show do Carnaval'], ['Treasure Drop', 'Queda do Tesouro']],
};

export const PVP_TABLES: TableNames = {
  poker: [["Texas Hold'em", "Texas Hold'em"], ['Omaha', 'Omaha'], ['Short Deck Poker', 'Pôquer Short Deck']],
  truco: [['Truco Paulista', 'Truco Paulista'], ['Truco Mineiro', 'Truco Mineiro'], ['Truco Gaúcho', 'Truco Gaúcho']],
  domino: [['Domino', 'Dominó'], ['Domino All Fives', 'Dominó Pontinho'], ['Team Domino', 'Dominó em Dupla']],
};

/** Extra draws of lottery vendors and virtual events of sports vendors (besides their lobby). */
export const LOTTERY_DRAWS: ReadonlyArray<readonly [en: string, pt: string]> = [
  ['Fast Lotto 1 min', 'Loteria Rápida 1 min'], ['Fast Lotto 5 min', 'Loteria Rápida 5 min'], ['Northern Lotto', 'Loteria do Norte'],
  ['Southern Lotto', 'Loteria do Sul'], ['Central Lotto', 'Loteria Central'], ['Keno 80', 'Keno 80'], ['Daily Draw', 'Sorteio Diário'],
  ['Lucky 3D', '3D da Sorte'],
];
export const SPORTS_VIRTUALS: ReadonlyArray<readonly [en: string, pt: string]> = [
  ['Virtual Football League', 'Liga de Futebol Virtual'], ['Virtual Horse Racing', 'Corrida de Cavalos Virtual'],
  ['Penalty Shootout', 'Disputa de Pênaltis'], ['Virtual Basketball', 'Basquete Virtual'], ['Virtual Tennis', 'Tênis Virtual'],
  ['Virtual Greyhounds', 'Corrida de Galgos Virtual'],
];

/** Named in the product brief and used in search examples; each opens one RNG vendor's list. */
export const SIGNATURE_GAMES: ReadonlyArray<readonly [en: string, pt: string]> = [
  ['Fortune Tiger', 'Tigre da Fortuna'], ['Golden Fortune', 'Fortuna Dourada'], ['Mega Fortune Wheel', 'Roda da Fortuna Mega'],
  ['Dragon Heart', 'Coração do Dragão'], ['Stock Market Bull', 'Touro das Ações'],
];
