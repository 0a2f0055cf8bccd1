/**
 * Month names as exports write them in English, German, French, Spanish, Italian, Dutch and Portuguese, full and
 * short (accents dropped: compare with plainWords), for the dates in Keyword Planner titles and Search Console filters.
 * No short form means two months across these languages ('mar' is March, 'mai' and 'mag' May, 'set' September,
 * 'out' October, 'ago' August everywhere), so one table serves them all.
 */
const monthWords: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'janner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'janeiro']],
  [2, ['february', 'feb', 'februar', 'fevrier', 'fevr', 'febrero', 'febbraio', 'februari', 'fevereiro', 'fev']],
  [3, ['march', 'mar', 'marz', 'mars', 'marzo', 'maart', 'mrt', 'marco']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho']],
  [8, ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out']],
  [11, ['november', 'nov', 'novembre', 'noviembre', 'novembro']],
  [12, ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dicembre', 'dic', 'dezembro']],
];
export const monthNumbers = new Map(monthWords.flatMap(([month, words]) => words.map((word) => [word, month] as const)));
export const plainWords = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The days a text names, in order, whatever the language above and the order of day and month: "Apr 1, 2026",
 * "1. April 2026", "1er avril 2026", "1 de abril de 2026" → '2026-04-01'. ISO days are the caller's to read.
 */
export function daysOfText(text: string): string[] {
  const pattern = /([a-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})|(\d{1,2})(?:\.|er)?\s+(?:de\s+)?([a-z]{3,})\.?\s+(?:del?\s+)?(\d{4})/g;
  return [...plainWords(text).matchAll(pattern)].flatMap((match) => {
    const [word, day, year] = match[1] ? [match[1], match[2]!, match[3]!] : [match[5]!, match[4]!, match[6]!];
    const month = monthNumbers.get(word);
    return month ? [`${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`] : [];
  });
}
