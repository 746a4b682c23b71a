/**
 * Query phrasings the benches share, so that their figures are about the same requests.
 */

/** Visitors' phrasings of what they want to build; the load mix pairs two of them with a number, so few repeat. */
export const LOAD_MIX_PHRASES: readonly string[] = [
  'write',
  'blog posts',
  'edit video',
  'transcribe meetings',
  'generate images',
  'code review',
  'customer support',
  'translate',
  'summarize pdf',
  'voice over',
  'slides',
  'spreadsheet',
];

/** Everyday needs in the five languages the engine reads, written for the benches (not from any evaluation set). */
export const FOREIGN_QUERIES: readonly string[] = [
  'generar imagenes gratis para mi tienda',
  'traduire un document pdf en anglais',
  'Lebenslauf und Anschreiben schreiben',
  'resumir reunioes do zoom automaticamente',
  'creare un logo per il mio ristorante',
  'quitar el fondo de una foto',
  'transcrire une interview audio',
  'Grammatik und Rechtschreibung prüfen',
  'fazer legendas para videos do youtube',
  'riassumere articoli scientifici per la tesi',
];
