import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishCognate, glossarySizes, readForeignQuery, type ForeignLanguage } from './foreign-query';

/** A query, the language it must be read in, and English words its reading must contain. */
type Case = [query: string, language: ForeignLanguage, words: string[]];

function expectReading([query, language, expected]: Case): void {
  const reading = readForeignQuery(query);
  expect(reading, query).not.toBeNull();
  expect(reading?.language, query).toBe(language);
  const english = ` ${reading?.english ?? ''} `;
  for (const w of expected) expect(english, `${query} → ${english}`).toContain(` ${w} `);
}

const FRENCH: Case[] = [
  ['une vidéo avec deux avatars qui discutent', 'fr', ['video', 'two', 'avatar']],
  ['traduire un document', 'fr', ['translate', 'document']],
  ['ecrire un mail a mon proprietaire', 'fr', ['write', 'email']],
  ['écrire une lettre de motivation', 'fr', ['write', 'cover letter']],
  ['supprimer le fond d’une photo gratuitement', 'fr', ['remove background', 'photo', 'free']],
  ['faire un diaporama pour un exposé', 'fr', ['presentation']],
  ['résumé de réunion automatique', 'fr', ['summary', 'meeting', 'automatic']],
  ['compte rendu de reunion', 'fr', ['meeting minutes']],
  ['corriger les fautes d orthographe', 'fr', ['correct', 'spelling']],
  ['sous-titres pour mes vidéos TikTok', 'fr', ['subtitles', 'my', 'video', 'tiktok']],
  ['idées de recettes avec les restes du frigo', 'fr', ['recipes', 'leftovers', 'fridge']],
  ['générateur de logo sans inscription', 'fr', ['generate', 'logo', 'no sign up']],
  ['créer un avatar à partir de mes selfies', 'fr', ['create', 'avatar', 'from', 'my', 'selfies']],
  ['fiches de révision pour le bac', 'fr', ['flashcards', 'exam']],
  ["plan d'entraînement pour débutants", 'fr', ['plan', 'workout', 'for', 'beginners']],
  ['idée cadeau pour les 70 ans de mon père', 'fr', ['gift ideas']],
  ['mettre en page la carte des vins', 'fr', ['lay out']],
];

const SPANISH: Case[] = [
  ['generar imagenes gratis', 'es', ['generate', 'images', 'free']],
  ['generar imágenes gratis', 'es', ['generate', 'images', 'free']],
  ['resumir un pdf', 'es', ['summarize', 'pdf']],
  ['hacer mi curriculum', 'es', ['make', 'my', 'resume']],
  ['traducir documentos sin perder el formato', 'es', ['translate', 'document']],
  ['quitar el ruido de fondo de un audio', 'es', ['noise', 'audio']],
  ['hoja de calculo con formulas', 'es', ['spreadsheet', 'with', 'formula']],
  ['editar videos para tiktok', 'es', ['video editing', 'for', 'tiktok']],
  ['qué cocino con lo que tengo en la nevera', 'es', ['cooking', 'fridge']],
  ['ayuda con los deberes de matemáticas para niños', 'es', ['homework', 'math', 'kids']],
  ['transcribir reuniones sin registrarse', 'es', ['transcribe', 'meeting', 'no sign up']],
  ['herramienta para programar publicaciones en redes', 'es', ['schedule posts', 'social media']],
  ['ideas de regalo para mi suegra', 'es', ['gift ideas']],
];

const GERMAN: Case[] = [
  ['Rechtschreibung prüfen', 'de', ['spelling', 'check']],
  ['Rechtschreibung und Grammatik pruefen', 'de', ['spelling', 'grammar', 'check']],
  ['Bewerbungsanschreiben mit KI schreiben', 'de', ['job application', 'cover letter', 'write']],
  ['Lebenslauf erstellen kostenlos', 'de', ['resume', 'create', 'free']],
  ['Bilder generieren ohne Anmeldung', 'de', ['image', 'generate', 'no sign up']],
  ['Untertitel für Videos', 'de', ['subtitles', 'for', 'video']],
  ['Besprechung zusammenfassen', 'de', ['meeting', 'summarize']],
  ['Präsentation erstellen für die Schule', 'de', ['presentation', 'create', 'school']],
  ['Rezepte mit Resten aus dem Kühlschrank', 'de', ['recipes', 'leftovers', 'fridge']],
  ['Sprachnachricht transkribieren', 'de', ['voice notes', 'transcribe']],
  // "Aufgaben" alone are tasks to plan; in maths they are problems, and their "Rechenweg" is the worked solution.
  ['Matheaufgaben mit Rechenweg erklären', 'de', ['math problems', 'step by step solution']],
  ['Physikaufgabe abfotografieren und den Lösungsweg sehen', 'de', ['take a photo', 'step by step solution']],
];

const PORTUGUESE: Case[] = [
  ['gerar imagens sem cadastro', 'pt', ['generate', 'images', 'no sign up']],
  ['fazer currículo grátis', 'pt', ['make', 'resume', 'free']],
  ['fazer curriculo gratis', 'pt', ['make', 'resume', 'free']],
  ['transcrever áudio do whatsapp', 'pt', ['transcribe', 'voice notes']],
  ['resumo de livro para a prova', 'pt', ['book summary', 'exam']],
  ['resumir um artigo', 'pt', ['summarize', 'article']],
  // "pela" is Portuguese only: the verb both languages share must not make the query Spanish.
  ['identificar o inseto pela foto', 'pt', ['identify', 'photo']],
  ['tirar o fundo de uma foto', 'pt', ['remove background', 'photo']],
  ['planilha de orçamento pessoal', 'pt', ['spreadsheet', 'budget']],
  ['legendas automáticas para vídeos do youtube', 'pt', ['subtitles', 'automatic', 'video', 'youtube']],
  ['criar apresentação de slides', 'pt', ['create', 'presentation', 'slides']],
  ['aprender inglês conversando', 'pt', ['learn english']],
  // "os" (the) is Portuguese; Spanish has it only as a pronoun of Spain that queries do not use.
  ['responder os clientes no whatsapp', 'pt', ['reply', 'customers', 'whatsapp']],
];

const ITALIAN: Case[] = [
  ['un podcast a tre voci da un articolo', 'it', ['podcast', 'three', 'voice']],
  ['cosa cucino con quello che ho in frigo', 'it', ['cooking', 'leftovers']],
  ['riassumere un libro', 'it', ['summarize', 'book']],
  ['riassunto di un articolo', 'it', ['summarize', 'article']],
  ['app senza registrazione', 'it', ['app', 'no sign up']],
  ['tradurre documenti gratis', 'it', ['translate', 'document', 'free']],
  ['scrivere una lettera di presentazione', 'it', ['write', 'cover letter']],
  ['rimuovere lo sfondo dalle immagini', 'it', ['remove background', 'images']],
  ['sottotitoli per i video', 'it', ['subtitles', 'for', 'video']],
  ['presentazione per la scuola', 'it', ['presentation', 'for', 'school']],
  ['verbale della riunione', 'it', ['meeting minutes']],
  ['compiti di matematica per bambini', 'it', ['homework', 'math', 'kids']],
  ['ricette veloci fuori casa', 'it', ['recipes', 'fast', 'on the go']],
];

describe('readForeignQuery: everyday queries in five languages', () => {
  it.each(FRENCH)('French: %s', (...c) => expectReading(c));
  it.each(SPANISH)('Spanish: %s', (...c) => expectReading(c));
  it.each(GERMAN)('German: %s', (...c) => expectReading(c));
  it.each(PORTUGUESE)('Portuguese: %s', (...c) => expectReading(c));
  it.each(ITALIAN)('Italian: %s', (...c) => expectReading(c));
});

describe('readForeignQuery: German compounds', () => {
  it.each([
    ['Bewerbungsanschreiben', 'job application cover letter'],
    ['Rechtschreibprüfung', 'spell checker'],
    ['Grammatikprüfung', 'grammar check'],
    ['Hintergrundentferner', 'background remover'],
    ['KI Bildgenerator kostenlos', 'ai image generator free'],
    ['Videountertitel', 'video subtitles'],
    ['Rezeptideen', 'recipes'],
    ['Videobearbeitungsprogramm', 'video editing software'],
    ['Stimmenklonen', 'voice clone'],
    ['Reiseplaner', 'travel planner'],
    ['Uebersetzung', 'translate'],
    ['Hoerbuchsprecher', 'audiobook voice actor'],
    ['Zahlungserinnerung', 'payment reminder'],
    ['Einmaleins ueben', 'times tables'],
  ])('%s → %s', (query, english) => {
    const reading = readForeignQuery(query);
    expect(reading?.language).toBe('de');
    expect(reading?.english).toContain(english);
  });
});

describe('readForeignQuery: German separable verbs', () => {
  it('reads an infinitive with "zu" inside as the verb ("aufzunehmen", "zusammenzufassen")', () => {
    const reading = readForeignQuery('ein Tool um Besprechungen aufzunehmen und zusammenzufassen');
    expect(reading?.language).toBe('de');
    expect(reading?.english).toContain('record');
    expect(reading?.english).toContain('summarize');
    expect(reading?.coverage).toBe(1);
  });

  it('reads a verb conjugated at the end of a clause as its infinitive ("die … zusammenfasst", "du … erklärst")', () => {
    const reading = readForeignQuery('eine App die meine Gespräche mitschreibt und danach zusammenfasst');
    expect(reading?.language).toBe('de');
    expect(reading?.english).toContain('summarize');
    const second = readForeignQuery('ein Programm das Rechnungen automatisch verschickt');
    expect(second?.english).toContain('invoice');
    expect(second?.english).toContain('send');
  });
});

describe('readForeignQuery: everyday words around the need', () => {
  it.each<Case>([
    ['riassumere un libro molto lungo', 'it', ['summarize', 'long']],
    ['rimuovere lo sfondo dalle foto dei prodotti', 'it', ['remove', 'background']],
    ['música de fondo sin derechos de autor para mis videos', 'es', ['copyright']],
    ['faire une présentation pour la réunion de lundi', 'fr', ['presentation', 'meeting']],
    // Who or what wrote a text is its origin, not a text to write: "escrito por" / "scritto con" / "mit … geschrieben".
    ['controllare se un testo è stato scritto con chatgpt', 'it', ['check', 'written by chatgpt']],
    ['prüfen ob ein aufsatz mit chatgpt geschrieben wurde', 'de', ['check', 'written by chatgpt']],
    ['descobrir se o trabalho foi escrito por ia', 'pt', ['written by ai']],
    ['como melhorar o áudio da minha gravação com muito eco', 'pt', ['improve', 'echo']],
    ['un bot que responda solo a los clientes de mi tienda', 'es', ['reply automatically', 'customers']],
    ['ver o que tão falando do meu restaurante', 'pt', ['what people say']],
    ['quiero quitar a una persona de la foto de la boda', 'es', ['remove', 'person']],
    ['prüfen ob die hausarbeit von einer ki stammt', 'de', ['written by ai']],
    ['una app che mi risponde ai clienti in automatico', 'it', ['automatically']],
    ['como deixar minha voz mais bonita no podcast', 'pt', ['voice sound better']],
    ['escrever um e-book pra vender na internet', 'pt', ['ebook', 'to sell']],
    ['responder a clientes enfadados por correo', 'es', ['angry']],
    ['meine handschriftlichen rezepte abtippen', 'de', ['handwriting']],
    ['gibt es sowas wie chatgpt aber für juristische fragen', 'de', ['something like chatgpt but for legal']],
    ['eine ki die mir beim lernen für die prüfung in bio hilft', 'de', ['for the exam']],
    ['creare fumetti per la mia classe', 'it', ['comic strip']],
    ['riassumere documenti lunghissimi', 'it', ['very long']],
    // The comparison with a named app keeps its turn in every language: "X but free", "something like X but …".
    ['algo como notion pero gratis', 'es', ['something like notion but free']],
    ['un truc comme canva mais en moins cher', 'fr', ['canva but cheaper']],
    ['algo tipo o otter mas de graça', 'pt', ['something like otter but free']],
    ['qualcosa come notion ma più economico', 'it', ['something like notion but cheaper']],
    // A class one attends is no lesson to teach: "para clase" is for class, "clases de guitarra" guitar lessons.
    ['un póster para clase de biología', 'es', ['for class']],
    // Somebody else not paying is the need ("has not paid"), not the visitor's budget.
    ['eine freundliche erinnerung an einen mieter der nicht zahlt', 'de', ['has not paid']],
    ['um resumo pra aula de história', 'pt', ['history class']],
    // Size words describe the thing, in every language: "muito grande" is very large, not a word left unread.
    ['transcrever um arquivo de áudio muito grande', 'pt', ['large']],
    ['traducir un documento grande', 'es', ['large']],
    ['ein großes video untertiteln', 'de', ['large']],
    ['un petit logo pour ma boulangerie', 'fr', ['small']],
    ['tradurre un file grande', 'it', ['large']],
  ])('%s', (...c) => {
    expectReading(c);
    expect(readForeignQuery(c[0])?.coverage, c[0]).toBe(1);
  });
});

describe("readForeignQuery: the team's everyday requests", () => {
  const lines = readFileSync(new URL('./everyday-queries.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  it.each(lines)('%s is read in full', (query) => {
    expect(readForeignQuery(query)?.coverage).toBe(1);
  });
});

describe('readForeignQuery: expressions read as a unit', () => {
  it.each([
    ['mise en page de mon mémoire', 'layout'],
    ['hoja de cálculo', 'spreadsheet'],
    ['a partir de una foto', 'from'],
    ['gerar logo sem cadastro', 'no sign up'],
    ['chatbot senza registrazione', 'no sign up'],
    ['Chat ohne Anmeldung', 'no sign up'],
    ['liste de courses', 'shopping list'],
    ['carta de presentación', 'cover letter'],
    ['lettre de motivation', 'cover letter'],
  ])('%s', (query, english) => {
    expect(readForeignQuery(query)?.english).toContain(english);
  });

  it('keeps the language visible in the reading ("auf Deutsch", "en español")', () => {
    expect(readForeignQuery('Grammatik prüfen auf Deutsch')?.english).toContain('in german');
    expect(readForeignQuery('corrector de ortografía en español')?.english).toContain('in spanish');
  });
});

describe('readForeignQuery: words of one family that expressions must not confuse', () => {
  it.each<Case>([
    ['una app q me explique matematicas paso a paso', 'es', ['step by step']],
    ['pasar a pdf', 'es', ['convert to']],
    ['allenamento a casa per dimagrire', 'it', ['workout']],
    ['convertire il formato di un video', 'it', ['format']],
    ['e stato copiato il mio testo', 'it', ['was', 'copy']],
    ['meu codigo nao funciona', 'pt', ['doesnt work']],
  ])('%s', (...c) => {
    expectReading(c);
    expect(readForeignQuery(c[0])?.english).not.toMatch(/convert to paso|training|and stato|employees/);
  });
});

describe('readForeignQuery: German umlauts typed as ae/oe/ue', () => {
  it('folds only the pair that stands for an umlaut, and inside expressions', () => {
    expect(readForeignQuery('steuererklaerung einfach erklaert')?.english).toBe('taxes explain simply');
  });
});

describe('readForeignQuery: English stays English', () => {
  it.each([
    'the best ai for writing essays',
    'ai chat i can use without making an account',
    'motion app but cheaper',
    'turnitin but for students',
    'transcribe meetings',
    'transalte my docs',
    'café menu design',
    'fiesta invitations',
    'resume builder',
    'résumé builder for nurses',
    'free pdf summarizer',
    'logo maker gratis',
    'podcast',
    'Midjourney alternatives',
    'photo correction',
    'notes app for students',
    'la croix sparkling water ads',
    'tortilla recipe generator',
    'remove background from product photos',
    'help me plan a trip to lisbon',
    'texto to speech',
    'canva for presentations',
    'meal plan app',
    'menu design',
    'manga colorizer',
    'la la land style poster',
    'podcast editor',
    // One slip of an English word is English evidence: "remove" and "foto" are Portuguese words too.
    'remove backgrund foto',
    'upscale my blurry foto',
  ])('%s', (query) => {
    expect(readForeignQuery(query)).toBeNull();
  });
});

describe('readForeignQuery: what the reasoning shows', () => {
  it('lists each translated word or expression and leaves loanwords and brands out', () => {
    const reading = readForeignQuery('generar imágenes gratis para mi canal de YouTube');
    expect(reading?.readAs).toEqual([
      { from: 'generar', to: 'generate' },
      { from: 'imágenes', to: 'images' },
      { from: 'gratis', to: 'free' },
      { from: 'canal de youtube', to: 'youtube channel' },
    ]);
    expect(reading?.english).toBe('generate images free for my youtube channel');
  });

  it('passes unknown words through and reports the share recognised', () => {
    const reading = readForeignQuery('resumir pdf de Zorblax');
    expect(reading?.english).toBe('summarize pdf zorblax');
    expect(reading?.coverage).toBeCloseTo(2 / 3, 2);
  });

  it('holds several hundred entries per language', () => {
    for (const size of Object.values(glossarySizes())) expect(size).toBeGreaterThan(500);
  });
});

describe('englishCognate: words the glossary lacks, read by the endings the languages share with English', () => {
  it.each([
    ['es', 'detectar', 'detect'],
    ['es', 'evento', 'event'],
    ['it', 'organizzare', 'organize'],
    ['it', 'professionale', 'professional'],
    ['pt', 'documentos', 'documents'],
    ['fr', 'consultation', 'consultation'],
  ] as const)('%s %s → %s', (lang, word, english) => {
    expect(englishCognate(lang, word)).toBe(english);
  });

  it('leaves short words and words with no English counterpart alone', () => {
    expect(englishCognate('es', 'largo')).toBeNull();
    expect(englishCognate('fr', 'nettoyer')).toBeNull();
    expect(englishCognate('de', 'schreiben')).toBeNull();
  });

  it('says how a cognate was read, and a glossary entry still comes first', () => {
    const reading = readForeignQuery('detectar si un texto fue escrito por una ia');
    expect(reading?.readAs).toContainEqual({ from: 'detectar', to: 'detect' });
    expect(readForeignQuery('crear un evento')?.english).toContain('event');
  });
});
