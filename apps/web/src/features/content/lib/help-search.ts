import type { HelpTopic } from '@banca/contracts';

/** Text without accents or case: "saque" finds "Saques", "deposito" finds "Depósitos". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The topic's words as a reader sees them: its HTML tags and entities are not text. */
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
}

/** Whether a help topic holds every word of the search (title or text); an empty search finds all. */
export function matchesHelpSearch(topic: Pick<HelpTopic, 'title' | 'content'>, query: string) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${topic.title} ${plainText(topic.content)}`);
  return words.every((word) => haystack.includes(word));
}
