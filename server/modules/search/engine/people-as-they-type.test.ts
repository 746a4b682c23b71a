import { describe, expect, it } from 'vitest';
import type { EvidenceQuote } from '@shared/schemas/search';
import { loadCatalog } from '../eval/catalog-loader';
import { CatalogueSearch } from './catalogue-search';
import { parseConcepts, withAliasedCues } from './concept-lexicon';
import { ConceptMatcher } from './concept-matcher';
import type { SearchDocument } from './search-index';
import { stem, tokenizeAll } from './tokenize';

// The shipped demo catalogue (240 real tools): the behaviours below are about how people type, on real listings.
const docs = loadCatalog();
const engine = new CatalogueSearch(docs);
const byId = new Map(docs.map((doc) => [doc.id, doc]));
const byName = new Map(docs.map((doc) => [doc.name, doc]));
/** The labels of the chips that show how a query was understood. */
const chipLabels = (query: string) => engine.search(query).chips.map((chip) => chip.label);
const chipKinds = (query: string) => engine.search(query).chips.map((chip) => chip.kind);
const names = (query: string, options = {}) =>
  engine.search(query, { limit: 10, ...options }).hits.map((hit) => byId.get(hit.id)?.name ?? '');
const doc = (name: string): SearchDocument => {
  const found = byName.get(name);
  if (!found) throw new Error(`no ${name} in the demo catalogue`);
  return found;
};

/** The text of a listing field a quote names. */
function fieldTexts(listing: SearchDocument, field: EvidenceQuote['field']): string[] {
  switch (field) {
    case 'name':
      return [listing.name];
    case 'category':
      return [listing.category];
    case 'tags':
      return listing.tags;
    case 'features':
      return listing.features;
    case 'useCases':
      return listing.useCases;
    case 'description':
      return [listing.description];
    case 'longDescription':
      return [listing.longDescription ?? ''];
    case 'pricing':
      return [listing.pricingType ?? ''];
  }
}

/** Every quote must be the listing's own words: a whole item, or a part of its description. */
function expectGrounded(quote: EvidenceQuote): void {
  const listing = doc(quote.app);
  const texts = fieldTexts(listing, quote.field);
  const whole =
    quote.field === 'description' || quote.field === 'longDescription'
      ? texts.some((text) => text.includes(quote.text))
      : texts.includes(quote.text);
  expect(whole, `${quote.app} ${quote.field}: “${quote.text}”`).toBe(true);
}

describe('typos and word forms', () => {
  it.each([
    ['transposition', 'trasncribe my meetings', 'Otter.ai'],
    ['missing letter', 'remove backround from photo', 'remove.bg'],
    ['doubled letter', 'grammmar checker', 'Grammarly'],
    ['split word', 'back ground remover', 'remove.bg'],
    ['joined words', 'texttospeech voices', 'ElevenLabs'],
    ['a function word run into the next', 'text tospeech voices', 'ElevenLabs'],
    ['a common two-letter word run into the next', 'aivoice generator', 'ElevenLabs'],
    ['a rarer three-letter word run into a long one', 'npcdialogue for my game', 'Inworld AI'],
    ['a word still being typed', 'background remo', 'remove.bg'],
    ['accents', 'résumé builder', 'Kickresume'],
    ['a short word with a letter left out', 'vocl remover', 'LALAL.AI'],
    ['a short word with a neighbouring key', 'lpgo maker', 'Looka'],
    ['swapped letters rather than a stray one', 'podcast to shotrs', 'OpusClip'],
    ['a doubled letter rather than two words', 'upsscale photo', 'Topaz Photo AI'],
  ])('%s: "%s" finds %s', (_kind, query, expected) => {
    expect(names(query)).toContain(expected);
  });

  it('a slip of a British spelling is folded like the spelling ("sumarise" is summarise, which is summarize)', () => {
    expect(engine.search('sumarise my lecture notes').chips.map((chip) => chip.label)).toContain('summarising long text');
  });

  it('a slip whose stem looks like another word is still corrected ("presetation" is not "preset")', () => {
    expect(engine.search('free presetation maker').chips.map((chip) => chip.label)).toContain('presentation slides');
  });

  it('prefers the slip people make: a left-out letter over a distant key, and over a split ("offine" is offline)', () => {
    const labels = engine.search('notes app that works offine').chips.map((chip) => chip.label);
    expect(labels).toContain('desktop app');
    expect(labels).not.toContain('help inside office apps');
  });

  it('splits a run-together word only into words the catalogue really uses ("parkinsons" is not "park ins ons")', () => {
    const reasons = engine
      .search('my dad has parkinsons and wants to keep writing his memoir')
      .hits.map((hit) => hit.reason)
      .join(' ');
    expect(reasons).not.toMatch(/“(ins|ons|parking)”/);
    expect(names('pdfsummary tool').slice(0, 5)).toContain('ChatPDF');
  });

  it('a left-out doubled consonant is a slip, not an agent noun ("beginer" is "beginner", not one who begins)', () => {
    expect(engine.search('learn to code as a total beginer').chips.map((chip) => chip.id)).toContain('audience:beginner');
  });

  it('a slip of a function word is a function word, not a word of the need ("wiht", "ths")', () => {
    expect(engine.search('subtitles wiht my logo').confidence).toBe(engine.search('subtitles with my logo').confidence);
    expect(engine.search('translate ths to spanish').confidence).toBe(engine.search('translate this to spanish').confidence);
  });

  it('an English query with a slip stays English beside a word the languages share ("backgrund" beside "foto")', () => {
    expect(chipKinds('remove backgrund foto')).not.toContain('language');
    expect(names('remove backgrund foto').slice(0, 3)).toContain('remove.bg');
  });

  it("is as sure of re-spaced words as of words typed right: their letters are the visitor's", () => {
    expect(engine.search('aivoice generator').confidence).toBe(engine.search('ai voice generator').confidence);
    expect(engine.search('back ground remover').confidence).toBe(engine.search('background remover').confidence);
  });

  it('keeps a query English when its one foreign-looking word is an English word too ("remover")', () => {
    const answer = engine.search('vzcal remover');
    expect(answer.chips.map((chip) => chip.kind)).not.toContain('language');
    expect(names('vzcal remover').slice(0, 3)).toContain('LALAL.AI');
  });

  it('reads what follows a negation as unwanted, unless the negation belongs to a phrase or keeps something', () => {
    // "a bot joining" is what the visitor does not want: no chatbot need, and the bot-free recorder comes first.
    expect(chipLabels('transcribe my calls without a bot joining')).not.toContain('building chatbots and conversational agents');
    expect(chipLabels('photo retouching app without a monthly subscription')).toEqual(['photo editing and retouching']);
    // "no code" is a phrase of its own; "without losing the layout" asks to keep it.
    expect(names('no code app builder').slice(0, 3)).toContain('Bolt.new');
    expect(chipLabels('translate my slides without losing the layout')).toContain('translation between languages');
  });

  it('reads what the visitor has not got as the need, and "no ads" as a wish about any app', () => {
    const chipIds = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    // A lack is the need: "have no logo, no menu" asks for both; "no budget" stays a price, never budgeting.
    const truck = chipIds("i'm opening a food truck and have no logo, no menu design and almost no budget");
    expect(truck).toContain('need:logo');
    expect(truck).toContain('need:graphic-design');
    expect(truck).not.toContain('need:personal-finance');
    expect(chipIds("we don't have a website for our bakery")).toContain('need:website');
    // What the wanted app has not got is still unwanted.
    expect(chipIds('photo editor that has no ads')).toEqual(['need:photo-editing']);
    expect(names('photo editor that has no ads')).not.toContain('Kagi');
    expect(names('a search engine with no ads')[0]).toBe('Kagi');
  });

  it('answers "something that is not X" with X\'s alternatives, never X first', () => {
    const answer = engine.search('an assistant that is not chatgpt');
    expect(answer.intent).toMatchObject({ kind: 'alternatives' });
    expect(names('an assistant that is not chatgpt')[0]).not.toBe('ChatGPT');
  });

  it('reads "a site to …" as the kind of answer wanted, and "build a website to …" as a website to build', () => {
    expect(chipLabels('a site to learn spanish from zero')).not.toContain('website building');
    expect(names('a website where i can practice my spanish').slice(0, 3)).not.toContain('Framer AI');
    expect(chipLabels('build a website to sell my art')).toContain('website building');
  });

  it('reads a short word of another language as that word, not as an app with that name', () => {
    // Spanish "tome" is "take"; the app Tome is still found when the query asks for it.
    expect(engine.search('un asistente que tome los pedidos de mi tienda').intent).toBeUndefined();
    expect(engine.search('alternativas a tome').intent).toMatchObject({ kind: 'alternatives' });
  });

  it('says how it read the words it repaired', () => {
    expect(engine.search('back ground remover').reasoning).toContain('Read “back ground” as “background”');
    expect(engine.search('background remo').reasoning).toContain('“remo” as “removal”');
  });

  it.each([
    ['orchestral', 'orchestration'],
    ['wellness', 'well'],
    ['formative', 'form'],
    ['informal', 'information'],
    ['authority', 'author'],
    ['applicants', 'applications'],
    ['personalized', 'person'],
    ['localization', 'local'],
    ['accounting', 'accounts'],
  ])('keeps "%s" apart from "%s", which Porter folds into one stem', (a, b) => {
    expect(stem(a)).not.toBe(stem(b));
  });

  it('never reads a slip of an ordinary word as an app name', () => {
    // "talkin" is "talking", not the app Talkie; "textto" is "text to", not Textio.
    expect(names('talkin to an ai friend')[0]).not.toBe('Talkie');
    expect(engine.search('talkin to an ai friend').intent).toBeUndefined();
    expect(names('textto speech')).not.toContain('Textio');
    expect(engine.search('textto speech').intent).toBeUndefined();
    // Words newer than the dictionary are words too: "podcaster" is not Podcastle.
    expect(engine.search('tools a podcaster would use').intent).toBeUndefined();
    expect(engine.search('tools a podcaster would use').chips.map((chip) => chip.label)).toContain(
      'podcast recording and editing',
    );
  });

  it('reads a text-speak 2 or 4 between words as "to" or "for", and a number that counts something as a number', () => {
    // "4" read as "for" makes the assistant the kind of answer and the IDE the job.
    expect(chipLabels('ai assistant 4 webstorm')[0]).toBe('AI coding assistance');
    expect(chipLabels('ai assistant 4 my emails')[0]).toBe('writing emails and replies');
    // A number before what it counts stays a number: "2 apps" is no "to apps".
    expect(chipLabels('compare 2 apps 4 invoicing')).not.toContain('transcription of speech to text');
  });

  it('reads a short everyday word as the word, not as the app of that name, unless alternatives wording frames it', () => {
    // The English word list starts at five letters: "rows", "hex", "clay" and "warp" are known from the short list.
    for (const query of [
      'a macro that copies rows to another sheet',
      'hex color palette generator',
      'clay animation of my dog',
    ]) {
      expect(engine.search(query).intent, query).toBeUndefined();
    }
    expect(engine.search('hex color palette generator').reasoning).not.toContain('Alternatives to Hex');
    expect(engine.search('rows alternative').intent?.kind).toBe('alternatives');
  });

  it('"ai" inside a phrase breaks nothing: a music ai generator generates music', () => {
    // Every app here is an AI tool: "music ai generator" is a music generator, not a video one for "my videos".
    expect(chipLabels('music ai generator for my videos')[0]).toBe('music and song generation');
    expect(['AIVA', 'Udio', 'Suno', 'Soundraw']).toContain(names('music ai generator for my videos')[0]);
    expect(chipKinds('meeting ai notes').filter((kind) => kind === 'need')).toHaveLength(1);
    // A phrase that names the AI itself still reads it.
    expect(engine.search('ai detector for essays').chips.map((chip) => chip.id)).toContain('need:ai-detection');
  });

  it('an everyday word before "for" is the word unless what follows says whom or where ("captions for my video")', () => {
    for (const query of ['captions for instagram posts', 'captions for my youtube videos', 'motion graphics for my intro']) {
      expect(engine.search(query).intent, query).toBeUndefined();
    }
    expect(names('captions for my youtube videos').slice(0, 5)).toContain('Captions');
    for (const query of ['motion for teams', 'warp for windows', 'captions for android', 'canva for video']) {
      expect(engine.search(query).intent, query).toBeDefined();
    }
  });
});

describe('modifiers on a named app', () => {
  it('a misspelt name that looks like an ordinary word is the name when a modifier frames it', () => {
    const appChips = (query: string) =>
      engine
        .search(query)
        .chips.filter((chip) => chip.kind === 'app')
        .map((chip) => chip.label);
    expect(appChips('grammary but free')).toEqual(['Grammarly']);
    expect(appChips('notoin alternative')).toEqual(['Notion AI']);
    expect(appChips('cheaper than grammary')).toEqual(['Grammarly']);
    // Unframed, the slip is the ordinary word; a spoken form ("talkin") is never a name.
    expect(appChips('a notoin of how to start')).toEqual([]);
    expect(appChips('talkin but free')).toEqual([]);
  });

  it('"X for iphone" shows X first when its listing names that platform, else the substitutes that run there', () => {
    const own = engine.search('grammarly for iphone', { limit: 10 });
    expect(byId.get(own.hits[0]?.id ?? -1)?.name).toBe('Grammarly');
    expect(own.reasoning).toContain('(mobile app)');
    expect(names('notion ai for android')[0]).not.toBe('Notion AI');
  });

  it('a modifier that names nobody in particular ("for adults") keeps to the app\'s substitutes', () => {
    const plain = names('duolingo alternatives').slice(0, 5);
    const found = names('duolingo for adults').slice(0, 5);
    expect(found).not.toContain('Photomath');
    expect(found.filter((name) => plain.includes(name)).length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ['grammarly but cheaper', 'Grammarly'],
    ['hootsuite but free', 'Hootsuite'],
    ['grammarly but for novelists', 'Grammarly'],
    ['gemini for children', 'Gemini'],
    ['is there a free otter', 'Otter.ai'],
    ['like canva for video', 'Canva Magic Studio'],
    ['midjourney but open source', 'Midjourney'],
    // A name that is also an everyday word, opening the query, then whom it is for.
    ['hex for startups', 'Hex'],
    // A side feature is not the app's job: Midjourney animates its images, ChatGPT writes code, but neither
    // description says so, and the visitor asks for the video generators and coding assistants.
    ['midjourney for video', 'Midjourney'],
    ['chatgpt for coding', 'ChatGPT'],
    // Whom it is for asks which substitutes suit them, even when X's own listing mentions teams.
    ['otter for teams', 'Otter.ai'],
    ['notion ai for my team', 'Notion AI'],
  ])('"%s" answers alternatives that fit, never %s first', (query, named) => {
    const answer = engine.search(query, { limit: 10 });
    expect(answer.intent?.kind).toBe('alternatives');
    expect(byId.get(answer.hits[0]?.id ?? -1)?.name).not.toBe(named);
    expect(answer.hits.length).toBeGreaterThan(0);
  });

  it('a price modifier filters: "X but cheaper" and "is there a free X" offer no paid app', () => {
    for (const query of ['hootsuite but cheaper', 'is there a free otter for my team']) {
      for (const hit of engine.search(query).hits) expect(byId.get(hit.id)?.pricingType, query).not.toBe('paid');
    }
  });

  it('the modifier decides the order: novelists get a writing coach, children get tutors', () => {
    expect(names('grammarly but for novelists').slice(0, 3)).toContain('ProWritingAid');
    expect(names('gemini for children').slice(0, 3)).toContain('Socratic');
    expect(names('canva but for editing clips').slice(0, 4)).toEqual(expect.arrayContaining(['CapCut']));
  });

  it('researching stocks is investment research, not research in general beside a word about stocks', () => {
    expect(names('an ai that helps me research stocks')[0]).toBe('AlphaSense');
    expect(names('stock market research assistant')[0]).toBe('AlphaSense');
  });

  it('an app named as the maker of something is context, not the app wanted ("an essay written by chatgpt")', () => {
    const answer = engine.search('detect if an essay was written by chatgpt');
    expect(answer.intent).toBeUndefined();
    expect(answer.chips.map((chip) => chip.label)).toContain('AI-writing and plagiarism detection');
    expect(names('detect if an essay was written by chatgpt').slice(0, 3)).toContain('GPTZero');
    expect(engine.search('upscale images made with midjourney').intent).toBeUndefined();
    expect(names('upscale images made with midjourney')[0]).not.toBe('Midjourney');
    expect(engine.search('chatgpt alternatives').intent?.kind).toBe('alternatives');
  });

  it('a bare name or a navigational word still puts the app first', () => {
    expect(names('grammarly')[0]).toBe('Grammarly');
    expect(names('grammarly pricing')[0]).toBe('Grammarly');
    // The job its own description states is no modifier.
    expect(names('otter for transcription')[0]).toBe('Otter.ai');
    expect(names('photoroom for product photos')[0]).toBe('Photoroom');
  });

  it('a well-known product outside the catalogue is read as its job', () => {
    const answer = engine.search('alexa but smarter');
    expect(answer.reasoning).toContain('Read “alexa” as');
    expect(names('alexa but smarter').slice(0, 3)).toContain('ChatGPT');
  });

  it('a product is compared with only where the comparison stands beside it, not anywhere in a story', () => {
    // Google is where the reviews are; the "but" belongs to "nobody reads them".
    const reviews = 'our guesthouse has hundreds of reviews on google and tripadvisor but nobody reads them all';
    expect(engine.search(reviews).reasoning).not.toContain('Read “google” as');
    expect(['MonkeyLearn', 'Brand24']).toContain(names(reviews)[0]);
    expect(engine.search('something like google but for recipes').reasoning).toContain('Read “google” as');
  });

  it('"X with ai" compares with a well-known product too, and more of them are known ("calendly with ai")', () => {
    expect(names('doodle with ai').slice(0, 2)).toEqual(expect.arrayContaining(['Motion']));
    expect(names('a loom alternative with an avatar').slice(0, 3)).toEqual(expect.arrayContaining(['HeyGen']));
    expect(names('excel formulas')[0]).toBe('Formula Bot');
  });
});

describe('only apps that fit the need', () => {
  it('answers a need few apps serve with those apps, not with apps that share one of its words', () => {
    const vocals = names('remover for the vocals of an mp3');
    expect(vocals.slice(0, 2)).toEqual(expect.arrayContaining(['LALAL.AI', 'Moises']));
    expect(vocals).not.toContain('remove.bg');
    expect(vocals).not.toContain('Photoroom');
    expect(names('clean up hiss on old tape recordings')).not.toContain('Surfer SEO');
  });

  it('"free" in the query and a free filter mean the same: free or a free plan', () => {
    const fromQuery = names('transcribe meetings for free');
    const fromFilter = names('transcribe meetings', { pricing: ['free', 'freemium'] });
    expect(fromQuery).toEqual(fromFilter);
    for (const name of fromQuery) expect(doc(name).pricingType).not.toBe('paid');
  });

  it('a filter never lets in apps that match only the filter, not the need', () => {
    const found = names('transcribe meetings', { pricing: ['free', 'freemium'] });
    expect(found).not.toContain('Google Translate');
    expect(found).not.toContain('Semantic Scholar');
    expect(found.slice(0, 3)).toEqual(expect.arrayContaining(['Otter.ai']));
  });

  it('a filter that leaves nothing fitting answers nothing rather than unrelated apps', () => {
    const answer = engine.search('transcribe meetings', { category: 'Design' });
    for (const hit of answer.hits) expect(doc(byId.get(hit.id)?.name ?? '').category).toBe('Design');
    expect(answer.hits.length).toBeLessThan(3);
  });

  it("somebody else not paying is the need, not the visitor's budget", () => {
    const chipIds = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(chipIds('send a polite reminder to a client who still has not paid')).not.toContain('price');
    expect(chipIds('chase tenants that never pay the rent on time')).not.toContain('price');
    expect(chipIds('a grammar checker, I do not want to pay')).toContain('price');
  });

  it('only listings classified as assistants are offered as general-purpose assistants', () => {
    const queries = ['draft a payment reminder letter', 'write a speech for my sister', 'help me word a complaint'];
    for (const query of queries) {
      for (const hit of engine.search(query, { limit: 20 }).hits) {
        if (!hit.reason.startsWith('A general-purpose assistant')) continue;
        const tags = doc(byId.get(hit.id)?.name ?? '').tags.join(' ');
        expect(tags, `${byId.get(hit.id)?.name} for "${query}"`).toMatch(/assistant|chatbot|llm|general-purpose/);
      }
    }
  });

  it('"no account" is not accounting', () => {
    const answer = engine.search('ai chat i can use without making an account');
    expect(answer.chips.map((chip) => chip.id)).not.toContain('need:accounting');
  });

  it('accounting is not a sales account: Porter gives "accounting" and "accounts" one stem', () => {
    // Tome "researches accounts", Gong writes "account briefs", Drift does "account identification", Ada handles
    // "account requests": none of them keeps books.
    for (const query of ['do my taxes', 'my accountant is too expensive']) {
      for (const name of ['Tome', 'Gong', 'Drift', 'Ada']) expect(names(query), query).not.toContain(name);
    }
  });
});

describe('preferences rank the apps that do the job', () => {
  it('a platform never lifts an app that only shares it ("wireframes for my mobile app" is not any mobile app)', () => {
    const top = names('wireframes for my mobile app').slice(0, 3);
    expect(top[0]).toBe('Uizard');
    for (const unrelated of ['Photoroom', 'Photomath', 'Dream by WOMBO']) expect(top).not.toContain(unrelated);
  });
});

describe('capabilities tied to a medium', () => {
  it('a realistic picture is generated: "realistic" alone lifts no video or voice app above the image generators', () => {
    const imageGenerators = ['Midjourney', 'Adobe Firefly', 'Leonardo.ai', 'DreamStudio', 'Dream by WOMBO', 'Ideogram'];
    for (const query of [
      'photorealistic render of a garden shed',
      'lifelike pictures from a prompt',
      'an image generator that makes realistic photos',
    ]) {
      expect(imageGenerators, query).toContain(names(query)[0]);
    }
    expect(names('realistic voice for my videos')[0]).toBe('ElevenLabs');
  });

  it('talking out loud is speaking practice, plain-English SQL is SQL, messages that answer themselves are support', () => {
    expect(chipLabels('an app where i talk out loud in spanish')).toContain('language learning and conversation practice');
    expect(chipLabels('an app where i talk out loud in spanish')[0]).not.toBe('listening to text instead of reading it');
    expect(chipLabels('plain english sql for my sales table')).toContain('SQL queries and databases');
    expect(chipLabels('plain english sql for my sales table')).not.toContain('readability and plain language');
    expect(chipLabels('my store should reply automatically to customer dms')).toContain('customer-support chat for websites');
  });

  it('a copyright strike on a video or its background track asks for music the creator may use', () => {
    expect(chipLabels('my vlog got a copyright strike for the song in it')).toContain('music and song generation');
    const top = names('the background track of my reel got muted').slice(0, 3);
    expect(
      top.some((name) => ['Soundraw', 'AIVA', 'Suno', 'Udio'].includes(name)),
      top.join(', '),
    ).toBe(true);
  });

  it('an assistant "for" a job is that job\'s tool: a general-purpose assistant only partly does it', () => {
    expect(names('an ai assistant for intellij')[0]).toBe('JetBrains AI Assistant');
    expect(names('ai assistant for my email inbox').slice(0, 2)).not.toContain('ChatGPT');
    expect(names('ai assistant')[0]).toBe('ChatGPT');
  });

  it('a long agreement to upload and question is a document to chat with', () => {
    const query = 'my landlord sent a 30 page contract, can i upload it and ask what it means';
    expect(chipLabels(query)).toContain('asking questions about PDFs and documents');
    expect(names(query).slice(0, 3)).toEqual(expect.arrayContaining(['ChatPDF']));
  });

  it('the needs inside a story: a presenter without a camera, clutter and skies, enquiries landing by themselves', () => {
    expect(chipLabels('a safety briefing for new starters with someone presenting on screen, no film crew')).toEqual(
      expect.arrayContaining(['presenter videos with AI avatars']),
    );
    expect(chipLabels('a safety briefing for new starters')).not.toContain('legal research and case law');
    // Something on the site that answers visitors is a support bot, not a website builder.
    const onSite = names("we'd like something on our site that answers the usual questions about delivery");
    expect(['Intercom Fin', 'Chatbase', 'Tidio', 'Crisp']).toContain(onSite[0]);
    // A brief alone is a creative or a content brief; a legal one says so, or stands among lawyers' words.
    expect(chipLabels('write a creative brief for our agency')).not.toContain('legal research and case law');
    expect(chipLabels('help drafting legal briefs for court')[0]).toBe('legal research and case law');
    expect(chipLabels('take the clutter out of my listing photos and replace the sky')).toContain('photo editing and retouching');
    expect(chipLabels('every enquiry from the contact form should land in one spreadsheet on its own')).toContain(
      'workflow automation between apps',
    );
    expect(chipLabels('my son is stuck on fractions every night')).toContain('tutoring and homework help');
  });

  it('people who speak another language and should understand something need a translation', () => {
    const query = 'many of our tenants speak arabic or turkish and they should understand the house rules we send';
    expect(chipLabels(query)).toContain('translation between languages');
    expect(chipLabels(query)).not.toContain('language learning and conversation practice');
  });

  it('"it can\'t cost anything" is free, and the budget that says so is no budgeting need', () => {
    const labels = chipLabels('subtitles for our club videos, there is zero budget so it cannot cost anything');
    expect(labels).toContain('Free or free plan');
    expect(labels).not.toContain('personal finance and budgeting');
  });

  it('a story names its need: a day that rearranges itself, a teacher after speaking practice, the good bits of a match', () => {
    expect(chipLabels('my afternoon falls apart when one meeting overruns, I want my day to sort itself out')).toContain(
      'calendar scheduling and day planning',
    );
    expect(chipLabels('I teach french to retirees and they need to practise speaking at home')[0]).toBe(
      'language learning and conversation practice',
    );
    expect(chipLabels('cut the highlights of our cricket match upright for phones')).toContain('short-form social video');
    expect(chipLabels('the dentist asked which insurance we have')).not.toContain('large organisations');
  });

  it('the later papers that grew out of one paper, and who cites it, are a citation map', () => {
    expect(chipLabels('one classic paper, and I want to see what grew out of it')).toContain('mapping how papers connect');
    expect(names('find papers that cite the 2017 transformer paper').slice(0, 2)).toEqual(
      expect.arrayContaining(['ResearchRabbit']),
    );
  });

  it('answering questions about a PDF is a document chat, not a general assistant', () => {
    expect(names('an ai to answer questions about my pdfs').slice(0, 2)).toEqual(expect.arrayContaining(['ChatPDF']));
    expect(chipLabels('answer questions about a document')).not.toContain('a general-purpose assistant');
    expect(chipLabels('something on our site that answers questions from patients at night')).not.toContain(
      'a general-purpose assistant',
    );
  });

  it('a site for learning is where to learn, a thesis to correct needs proofreading, an ebook is a text to write', () => {
    expect(chipLabels('a website for learning to knit')).not.toContain('website building');
    expect(chipLabels('correct my dissertation before I hand it in')).toContain('grammar and spelling correction');
    expect(chipLabels('write an ebook about sourdough')).toContain('writing and drafting text');
  });

  it('a written copy of a talk is a transcript; beating a target is no beat; facts to trace are cited search', () => {
    expect(chipLabels('a written copy of the weekly sermon')).toContain('transcription of speech to text');
    expect(chipLabels('which salespeople beat their target last month')).not.toContain('music and song generation');
    expect(chipLabels('make a trap beat for my video')).toContain('music and song generation');
    expect(chipLabels('draft my itinerary but let me see where every fact came from')).toContain('web search with cited answers');
    expect(chipLabels('let the managers ask in plain english and get the chart')).not.toContain('readability and plain language');
    expect(chipLabels('help me edit my memoir so it still sounds like me')).not.toContain('voice cloning');
  });

  it('a site asked for that does something is a service to use; a comic strip is drawn art to generate', () => {
    expect(chipLabels('is there a website that turns recipes into shopping lists')).not.toContain('website building');
    expect(chipLabels('build a website that takes bookings')).toContain('website building');
    expect(chipLabels('a comic strip about my cat')).toContain('image generation from a description');
  });

  it('a voice that should sound better is audio cleanup; an email that should sound professional is tone', () => {
    expect(chipLabels('make my voice sound professional')).toContain('noise removal and audio cleanup');
    expect(chipLabels('make my voice sound professional')).not.toContain('tone and natural phrasing');
    expect(chipLabels('make my email sound professional')).toContain('tone and natural phrasing');
  });

  it('brighter photos are photo enhancement, a brighter future is not', () => {
    expect(chipLabels('make my photos brighter')).toContain('photo enhancement and upscaling');
    expect(chipLabels('brighten my old vacation pictures')).toContain('photo enhancement and upscaling');
    expect(chipLabels('a brighter future for my business')).not.toContain('photo enhancement and upscaling');
  });

  it("an Instagram post's captions are copy to write, not subtitles", () => {
    expect(chipLabels('captions for instagram posts')).toContain('ad copy and copywriting');
    expect(chipLabels('captions for instagram posts')).not.toContain('subtitles and captions for video');
    expect(chipLabels('captions for my youtube video')).toContain('subtitles and captions for video');
  });

  it('a video upscaler is not a photo enhancer: its "noise reduction" counts for video only', () => {
    expect(names('upscale photo')[0]).toBe('Topaz Photo AI');
    for (const hit of engine.search('restore old photos').hits) {
      if (byId.get(hit.id)?.name !== 'Topaz Video AI') continue;
      expect(hit.reason).not.toContain('photo enhancement');
    }
    expect(names('upscale my old video footage')[0]).toBe('Topaz Video AI');
  });

  it("a video's background is removed by video editors, a photo's by the photo tools", () => {
    expect(chipLabels('remove background from video')).toEqual(['video editing']);
    expect(names('remove background from video').slice(0, 2)).not.toContain('remove.bg');
    expect(names('remove background from photo').slice(0, 3)).toContain('remove.bg');
  });

  it('reads "requires:" in the lexicon as the words a listing must use for the concept', () => {
    const [entry] = parseConcepts('[x] task\nlabel: x\nrequires: photo image  # a medium\nterm: noise reduction\n');
    expect(entry?.requires).toEqual(['photo', 'image']);
    const matcher = new ConceptMatcher(entry ? [entry] : []);
    expect(matcher.allows(0, (stem) => stem === 'photo')).toBe(true);
    expect(matcher.allows(0, (stem) => stem === 'video')).toBe(false);
  });
});

describe('the lexicon format', () => {
  it('matches an "exact-cue:" as written or plural, never by its stem, and rejects one of two words', () => {
    const [entry] = parseConcepts('[x] task\nlabel: x\nexact-cue: booking  # stemmed "book"\n');
    expect(entry?.exactCues).toEqual(['booking']);
    const matcher = new ConceptMatcher(entry ? [entry] : []);
    const hits = (text: string) => matcher.match(tokenizeAll(text), false, true).length;
    expect(hits('online booking')).toBe(1);
    expect(hits('new bookings')).toBe(1);
    expect(hits('a good book')).toBe(0);
    expect(() => parseConcepts('[x] task\nlabel: x\nexact-cue: two words\n')).toThrow(/one word/);
  });

  it('spells cues as queries are read, so a cue written with a shorthand matches', () => {
    const [entry] = withAliasedCues(parseConcepts('[x] task\nlabel: x\ncue: no bot\ncue: no chatbot\n'), { bot: 'chatbot' });
    expect(entry?.cues).toEqual(['no bot', 'no chatbot']);
  });

  it('what is likely to happen is a prediction; what the visitor would like is not', () => {
    expect(chipLabels('which of our gym members are likely to quit this winter')).toContain('predictions and forecasting');
    expect(chipLabels('which leads are most likely to convert')).toContain('predictions and forecasting');
    expect(chipLabels("I'd like to buy a domain for my bakery")).not.toContain('predictions and forecasting');
    const cancelling = chipLabels('I would like to cancel my gym membership, they keep charging me');
    expect(cancelling).not.toContain('predictions and forecasting');
    expect(cancelling).toContain('consumer disputes and complaint letters');
  });

  it('a menu to lay out is graphic design; reading menus abroad is translation', () => {
    const layout = chipLabels('lay out the new menus of my restaurant so they look nice');
    expect(layout).not.toContain('translation between languages');
    expect(chipLabels('reading menus in korea when we travel next month')).toContain('translation between languages');
  });

  it('everyday questions that general assistants answer: a gift idea, a plant in a photo', () => {
    for (const query of ['gift ideas for my dad who loves fishing', 'what plant is this, I have a photo of the leaves']) {
      const top = names(query).slice(0, 3);
      expect(top.filter((name) => ['ChatGPT', 'Gemini', 'Claude'].includes(name)).length, query).toBeGreaterThanOrEqual(2);
    }
  });

  it("a yoga or piano teacher's students are the visitor's clients, not a classroom to plan for", () => {
    for (const query of [
      'I record guided relaxations for my yoga students but the traffic noise ruins every take',
      'backing tracks my piano students can play along to at home',
    ]) {
      const labels = chipLabels(query);
      expect(labels, query).not.toContain('tools for teachers');
      expect(labels, query).not.toContain('tutoring and homework help');
    }
    expect(chipLabels('grading essays for my history students takes all weekend')).toContain('tools for teachers');
  });

  it('people who are hard of hearing need captions or a transcript, not cleaner audio', () => {
    const deaf = chipLabels('captions for our church videos, half the congregation is hard of hearing');
    expect(deaf).not.toContain('noise removal and audio cleanup');
    expect(deaf).toContain('subtitles and captions for video');
    expect(chipLabels('the audio of my interview is hard to hear over the traffic')).toContain('noise removal and audio cleanup');
  });

  it('a need the lexicon words with "no" or "not" is read, not set aside as unwanted ("no cancel button")', () => {
    expect(chipLabels('the app has no cancel button and they keep billing me')).toContain(
      'consumer disputes and complaint letters',
    );
    expect(chipLabels('at the garage no one answers the phone when we are under a car')).toContain(
      'automating phone calls and contact centres',
    );
    // A negation the lexicon does not word still sets aside what follows.
    expect(chipLabels('a slide maker, no templates that look generic')).toContain('presentation slides');
  });

  it('never knowing or remembering something is the need, not a thing unwanted', () => {
    expect(chipLabels('I never remember where the commas go')).toContain('grammar and spelling correction');
    expect(chipLabels('i can never tell whether my cover letter sounds ok')).toContain('résumés and cover letters');
    expect(names('i never know what to post on instagram for my bakery').length).toBeGreaterThan(0);
    expect(chipLabels('no idea where my wages go, gone by the 15th')).toContain('personal finance and budgeting');
    // Not wanting something stays a negation.
    expect(chipLabels('a slide maker, never templates that look generic')).toContain('presentation slides');
  });

  it('free-text answers are open answers, not a price; a free text-to-speech app is', () => {
    expect(chipKinds('sort the free text answers of our staff survey into themes')).not.toContain('price');
    expect(chipKinds('we got 300 free-text responses and nobody reads them')).not.toContain('price');
    expect(chipKinds('free text to speech with natural voices')).toContain('price');
  });

  it('a free trial already taken is part of the story, not a price; asking for an app with a free trial is one', () => {
    expect(chipKinds('signed up for a yoga studio free trial and they keep billing me every month')).not.toContain('price');
    expect(chipKinds('started the free trial of a meal kit and forgot to cancel, now they charge me')).not.toContain('price');
    expect(chipKinds('writing assistant with a free trial')).toContain('price');
  });

  it('a recorder that no bot joins is a requirement, not a negated need, and "bot-free" is no price', () => {
    for (const query of ['a note taker with no bot in my teams calls', 'bot-free meeting transcription']) {
      const answer = engine.search(query);
      expect(
        answer.chips.map((chip) => chip.label),
        query,
      ).toContain('recording without a meeting bot');
      expect(
        answer.chips.map((chip) => chip.kind),
        query,
      ).not.toContain('price');
      const top = answer.hits.slice(0, 3).map((hit) => byId.get(hit.id)?.name ?? '');
      expect(top.filter((name) => name === 'Granola' || name === 'Krisp').length, query).toBe(2);
    }
  });

  it('reads "served-by:" and rejects a concept that does not exist', () => {
    const [room] = parseConcepts('[room] task\nlabel: room\nserved-by: pictures\n[pictures] task\nlabel: pictures\n');
    expect(room?.servedBy).toEqual(['pictures']);
    expect(() => parseConcepts('[room] task\nlabel: room\nserved-by: nothing\n')).toThrow(/no task concept/);
  });

  it('a need few listings name is also read as the need of the apps that do it', () => {
    const answer = engine.search('picture our hallway in a darker paint colour before we repaint');
    expect(answer.chips.map((chip) => chip.label)).toContain('image generation from a description');
    const top = answer.hits.slice(0, 3).map((hit) => byId.get(hit.id)?.name ?? '');
    expect(
      top.filter((name) =>
        ['Midjourney', 'Adobe Firefly', 'Ideogram', 'Leonardo.ai', 'DreamStudio', 'Canva Magic Studio'].includes(name),
      ).length,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('who a need is for', () => {
  it('a role after a possessive is the other party, not the audience ("my doctor": the visitor is the patient)', () => {
    expect(chipLabels('my doctor wants me to keep a log of how I sleep')).not.toContain('healthcare professionals');
    expect(chipLabels('an assistant for doctors to write their clinic letters')).toContain('healthcare professionals');
  });

  it("the visitor's own clips are footage to cut, not video to generate", () => {
    expect(chipLabels('cut my clips')).toContain('video editing');
    expect(chipLabels('cut my clips')).not.toContain('video generation from text or images');
  });

  it('someone learning to program is a beginner, and "teach myself" is no teacher', () => {
    expect(chipLabels('teach myself programming')).not.toContain('tools for teachers');
    expect(chipLabels('learning to code at 40')).toContain('ease of use for beginners');
    expect(names('learn to code from scratch')[0]).toBe('Replit');
  });

  it('a quantity inside a phrase does not break it ("misses a lot of calls" is missed calls)', () => {
    for (const query of ['our front desk misses a lot of calls', 'we miss lots of calls on saturdays']) {
      expect(chipLabels(query), query).toContain('automating phone calls and contact centres');
      expect(chipLabels(query), query).not.toContain('meeting notes and summaries');
    }
  });

  it('"on my computer" and "runs locally" say where it runs; "computer science" does not', () => {
    expect(chipLabels('transcription on my computer')).toContain('desktop app');
    expect(chipLabels('an llm i can run locally')).toContain('open source');
    expect(chipLabels('computer science homework help')).not.toContain('desktop app');
  });

  it('questions customers send are support work, and a parcel is no software package', () => {
    expect(chipLabels('shoppers email us to ask where their package is')).toContain('customer-support chat for websites');
    expect(chipLabels('my customers ask about refunds all day')).toContain('customer-support chat for websites');
  });

  it('studies that say something are research, not studying ("what recent studies found about coffee")', () => {
    for (const query of ['what recent studies found about coffee and sleep', 'do clinical studies back this supplement']) {
      expect(chipLabels(query), query).not.toContain('flashcards and studying');
      expect(chipLabels(query), query).not.toContain('students');
      expect(names(query).slice(0, 3), query).toContain('Consensus');
    }
    expect(chipLabels('help me study for my biology exam')).toContain('flashcards and studying');
    expect(chipLabels('a study guide for the history final')).toContain('flashcards and studying');
  });

  it('"phone" as the telephone line is not a mobile app, "for my phone" is', () => {
    expect(chipLabels('I spend half my day on the phone with suppliers')).not.toContain('mobile app');
    expect(chipLabels('the phone line at our garage is busy all day')).not.toContain('mobile app');
    expect(chipLabels('my phone footage of the concert is shaky and too dark')).not.toContain('mobile app');
    expect(chipLabels('my phone footage of the concert is shaky and too dark')).toContain('video enhancement and upscaling');
    expect(chipLabels('a budget planner for my phone')).toContain('mobile app');
    // The phone a visitor films on is the camera, and what they filmed is footage to cut.
    expect(chipLabels('we film our hockey games on my phone')).not.toContain('mobile app');
    expect(chipLabels('we film our hockey games on my phone')).toContain('video editing');
  });

  it('a language name before another noun says where a thing is from, not a language to learn', () => {
    const learning = 'language learning and conversation practice';
    expect(chipLabels('an essay on the french revolution for history class')).not.toContain(learning);
    expect(chipLabels('german shepherd puppy training plan')).not.toContain(learning);
    expect(chipLabels('french lessons for my daughter')).toContain(learning);
    expect(chipLabels('learn english fast')).toContain(learning);
  });

  it('the language to translate into ranks no app that merely names it', () => {
    for (const query of ['translate my website to spanish', 'translate our handbook into german']) {
      const top = names(query).slice(0, 3);
      expect(top, query).not.toContain('LanguageTool');
      expect(top, query).not.toContain('Speak');
      expect(top, query).toEqual(expect.arrayContaining(['Google Translate']));
    }
  });

  it('a text put "into" a language is translated, whatever the verb, and its languages are no lessons', () => {
    const chips = chipLabels('turn our menu into french and italian');
    expect(chips[0]).toBe('translation between languages');
    expect(chips).not.toContain('language learning and conversation practice');
    const newsletter = names('can someone get our parish newsletter into polish and ukrainian for the new families');
    expect(['DeepL Translator', 'Google Translate']).toContain(newsletter[0]);
  });

  it('a language after "in" is the language of the text, unless the visitor wants to speak it', () => {
    expect(chipLabels('proofread my motivation letter in French')).not.toContain('language learning and conversation practice');
    expect(chipLabels('I want to order food in Italian on holiday')).toContain('language learning and conversation practice');
  });

  it('a one-off personal text (a speech, a eulogy, a thank-you note) finds the general-purpose assistants', () => {
    for (const query of ['a eulogy for my grandfather', 'write a thank you note to my neighbours', 'a speech for my brother']) {
      expect(names(query), query).toEqual(expect.arrayContaining(['ChatGPT', 'Claude']));
    }
  });

  it('a podcast generated from a document is its own need, not podcast recording', () => {
    const answer = engine.search('turn this pdf into a podcast with two hosts');
    expect(answer.chips.map((chip) => chip.label)).toContain('podcasts generated from documents');
    expect(byId.get(answer.hits[0]?.id ?? -1)?.name).toBe('NotebookLM');
  });

  it('cutting a text down to a limit finds the listings that shorten texts', () => {
    expect(names('shorten my essay to fit the word limit').slice(0, 2)).toContain('Wordtune');
  });

  it('a teacher making exercises wants material, not a solver', () => {
    const labels = chipLabels('create fraction exercises of maths for my pupils');
    expect(labels).toContain('creating quizzes and assessments');
    expect(labels).not.toContain('math and step-by-step solutions');
  });

  it('"track my …" is following something over time, not a music track', () => {
    expect(chipLabels('track my running progress every week')).not.toContain('music and song generation');
    expect(chipLabels('make a backing track for my song')).toContain('music and song generation');
  });

  it('running in the browser is a web app, not a browser extension; "in my browser" stays one', () => {
    const answer = engine.search('an ideogram alternative that runs in the browser');
    expect(answer.chips.map((chip) => chip.label)).not.toContain('browser extension');
    expect(answer.hits.length).toBeGreaterThanOrEqual(5);
    expect(chipLabels('browser-based podcast editor')).not.toContain('browser extension');
    expect(chipLabels('a spell checker in my browser')).toContain('browser extension');
  });

  it('a platform filter keeps substitutes that do the job, or says it was set aside', () => {
    const answer = engine.search('suno alternative for iphone', { limit: 10 });
    const top = answer.hits.slice(0, 3).map((hit) => byId.get(hit.id)?.name);
    expect(top).toContain('Udio');
    expect(answer.relaxed).toEqual(['platform: mobile app']);
    const extension = engine.search('perplexity alternative as a chrome extension');
    expect(extension.chips.map((chip) => chip.label)).not.toContain('writing help wherever you type');
  });

  it('seeing how a change would look before making it is a picture to generate', () => {
    expect(chipLabels('i want to see what a sleeve tattoo would look like on my arm before booking')).toContain(
      'image generation from a description',
    );
  });

  it('"I lead a team" is leading people, not sales leads', () => {
    expect(chipLabels('i lead a team of six and their weekly updates take me hours to summarize')).not.toContain(
      'sales prospecting and outreach',
    );
    expect(chipLabels('she leads our design studio and wants fewer meetings')).not.toContain('sales prospecting and outreach');
    expect(chipLabels('find leads for my roofing business')).toContain('sales prospecting and outreach');
  });

  it('reads "students" beside a need as the audience, not as a tutoring or teaching need', () => {
    const answer = engine.search('slide deck maker aimed at university students');
    const chips = answer.chips.map((chip) => chip.id);
    expect(chips).toContain('audience:students');
    expect(chips).not.toContain('need:tutoring');
    expect(chips).not.toContain('need:teaching');
    expect(engine.search('tutoring aimed at students').chips.map((chip) => chip.id)).toContain('need:tutoring');
  });

  it('reads everyday verbs and nouns as such, not as database words ("joins my calls", "customer queries")', () => {
    const needs = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(needs('a bot that joins my meetings')).not.toContain('need:sql');
    expect(needs('reply to customer queries automatically')).not.toContain('need:sql');
    expect(needs('query my database in plain english')).toContain('need:sql');
  });

  it('reads a food as cooking in every language, also where its stem is another word\'s (German "Reis" is not "Reise")', () => {
    for (const query of ['abendessen aus reis und gemüse', 'qué hago con arroz y pollo', 'idée avec du riz et des œufs']) {
      const chips = chipLabels(query);
      expect(chips, query).toContain('recipes and meal ideas');
      expect(chips, query).not.toContain('planning trips and itineraries');
    }
  });

  it('reads everyday phrasings of a need in any word order, and projects are not projections', () => {
    const chipsOf = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(chipsOf('help me plan meals for the week')).toContain('need:cooking');
    expect(chipsOf('design the cover of my book')).toContain('need:image-generation');
    expect(chipsOf('improve the quality of the audio of my interview')).toContain('need:noise-removal');
    expect(chipsOf('improve the quality of my photos')).toContain('need:photo-enhance');
    expect(chipsOf('manage the projects of my team')).not.toContain('need:forecasting');
    // The same needs read from other languages: the glossary renders their words, the lexicon reads the English.
    expect(chipsOf('migliorare la qualità audio di una registrazione')).toContain('need:noise-removal');
    expect(chipsOf('Tonqualität meiner Sprachaufnahmen verbessern')).toContain('need:noise-removal');
    expect(chipsOf('planificar las comidas de la semana para una familia con niños')).toContain('need:cooking');
    expect(chipsOf('necesito una app para llevar las cuentas de mi pequeño negocio')).not.toContain('need:fiction');
  });

  it('an app named by an everyday verb is the verb before an article ("make a website" is not the app Make)', () => {
    const answer = engine.search('make a website');
    expect(answer.chips.map((chip) => chip.kind)).not.toContain('app');
    expect(answer.chips.map((chip) => chip.id)).toContain('need:website');
    expect(chipKinds('make alternatives')).toContain('app');
    expect(engine.search('video maker').chips.map((chip) => chip.id)).toContain('need:video-editing');
  });

  it('a common verb is not a capability that shares its stem ("signs up" is no signage, "review" no code review)', () => {
    const chipsOf = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(chipsOf('nobody signs up on my landing page')).toEqual(['need:website']);
    expect(chipsOf('a sign for my shop window')).toContain('need:graphic-design');
    expect(chipsOf('translate street signs when i travel')).toContain('need:translation');
    expect(chipsOf('i need to review for my nursing exam on my breaks')).not.toContain('need:code-review');
    expect(chipsOf('ai code reviewer for my pull requests')).toContain('need:code-review');
    // Porter folds these into a capability's word: each got a stem of its own, and "in order to" names no order.
    const none = ['need:meeting-notes', 'need:ecommerce', 'need:personal-finance', 'need:spreadsheets', 'need:office'];
    for (const query of [
      'an app called scribe that helps my team in order to save time',
      'a tool that meets our security requirements and is excellent at summaries',
    ])
      for (const id of none) expect(chipsOf(query), query).not.toContain(id);
    expect(chipsOf('how do i fix my credit score')).not.toContain('need:music-generation');
    expect(chipsOf('film score for my short film')).toContain('need:music-generation');
    expect(chipsOf('which platform should i use for my newsletter')).not.toContain('need:game-dev');
    expect(chipsOf('track my online store orders')).toContain('need:ecommerce');
    // A listing-only term: "Teams" in listings is the chat app, "our team" in a query is people.
    expect(chipsOf('nobody on our team is a strong writer and the grant application is due')).not.toContain('platform:chat-apps');
    expect(chipsOf('meeting notes that post to microsoft teams')).toContain('platform:chat-apps');
    // "private" is a wish about the assistant, not a private search engine; "scheduling" alone is the calendar.
    expect(chipsOf('chatgpt but private')).not.toContain('need:private-search');
    expect(chipsOf('an assistant that does my scheduling')).not.toContain('need:social-media');
    expect(chipsOf('schedule posts for instagram')).toContain('need:social-media');
  });

  it('a word listings use for a capability is not that capability in a query when people mean something else', () => {
    const chipsOf = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    const misread: [string, string][] = [
      ['a tool to summarize my screen recordings', 'need:lit-review'],
      ['a tool to summarize my screen recordings', 'need:ui-design'],
      ['help me file my tax returns', 'need:support-agent'],
      ['3d models for my game', 'need:ml-models'],
      ['count every word in my essay', 'need:office'],
      ['life coaching app', 'need:sales-calls'],
      ['react to comments on my posts', 'need:frontend-code'],
      ['insurance coverage questions', 'need:testing'],
      ['the plot of my data looks wrong', 'need:fiction'],
      ['clone a website layout', 'need:voice-cloning'],
      ['drive more traffic to my website', 'need:knowledge-base'],
      ['what are the benefits of journaling', 'need:employee-helpdesk'],
      ['make a video in 5 minutes', 'need:meeting-notes'],
      ['voice commands to control my lights', 'need:terminal'],
      ['write brand guidelines for my startup', 'need:medical-info'],
      ['summarize this email thread', 'need:social-media'],
    ];
    for (const [query, id] of misread) expect(chipsOf(query), query).not.toContain(id);
    // The capabilities themselves are still read from the visitor's phrasing.
    expect(chipsOf('generate react components from a screenshot')).toContain('need:frontend-code');
    expect(chipsOf('improve test coverage of my python code')).toContain('need:testing');
    expect(chipsOf('clone my voice')).toContain('need:voice-cloning');
    expect(chipsOf('design the screens for my app')).toContain('need:ui-design');
    expect(chipsOf('take minutes of our board meeting')).toContain('need:meeting-notes');
    expect(chipsOf('handle returns for my online store')).toContain('need:ecommerce');
  });

  it('a language named before a text or a recording is its language, not one to learn', () => {
    const chipsOf = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(chipsOf('notes of my spanish meetings')).not.toContain('need:language-learning');
    expect(chipsOf('french subtitles for my videos')).not.toContain('need:language-learning');
    expect(chipsOf('spanish lessons for adults')).toContain('need:language-learning');
  });

  it('reads everyday situations: a lack of light in photos, reminders, replies to reviews, a grant to write', () => {
    const chipsOf = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(chipsOf('the photos of the flats i list look dark and gloomy')).toContain('need:photo-enhance');
    expect(chipsOf('my mum keeps forgetting appointments, i want to set reminders for her')).toContain('need:scheduling');
    expect(chipsOf('our cafe gets bad reviews online and i want to reply to reviews politely')).toContain('need:email-writing');
    expect(chipsOf('help me write a grant proposal for our charity')).toContain('need:writing');
    expect(chipsOf('my etsy listings get no views')).not.toContain('audience:real-estate');
  });

  it('a presentation is slides, not a video presenter (Porter gives both one stem)', () => {
    expect(chipLabels('free presentation maker for my class')).not.toContain('presenter videos with AI avatars');
    expect(chipLabels('an ai presenter that reads my script on video')).toContain('presenter videos with AI avatars');
  });

  it('audio into text is transcription and text into audio is listening, in English and read from other languages', () => {
    // Stop words are dropped, so "convert to audio" alone would also match "convert audio to text".
    for (const query of [
      'convert audio to text',
      'convertir un audio en texte',
      'convertir audio a texto gratis',
      'audio in text umwandeln',
    ]) {
      const chips = chipLabels(query);
      expect(chips, query).toContain('transcription of speech to text');
      expect(chips, query).not.toContain('listening to text instead of reading it');
    }
    expect(chipLabels('convert text to audio')).toContain('listening to text instead of reading it');
    expect(chipLabels('convert my pdf to audio')).toContain('listening to text instead of reading it');
  });

  it('a story about hours of interviews, or about typing being hard, finds transcription and dictation', () => {
    for (const query of [
      'i have 40 hours of interviews for my thesis and need them as text',
      'my grandpa has parkinsons and struggles to type messages',
    ]) {
      expect(chipLabels(query)[0], query).toBe('transcription of speech to text');
    }
  });

  it('a phrase whose destination is the query\'s source does not match ("convert to audio" in "convert audio files to text")', () => {
    const chips = chipLabels('convert audio files to text');
    expect(chips).toContain('transcription of speech to text');
    expect(chips).not.toContain('listening to text instead of reading it');
  });

  it('what a verb works on is material, not a second need ("translate my website" is translation, not a site builder)', () => {
    expect(['Google Translate', 'DeepL Translator']).toContain(names('translate my website')[0]);
    expect(chipLabels('translate my website')[0]).toBe('translation between languages');
    expect(chipLabels('summarize this article')[0]).toBe('summarising long text');
    // The noun of the work says the same: "a translation of our catalogue" is no online-store tool.
    expect(chipLabels('translation of our product catalogue')[0]).toBe('translation between languages');
    expect(names('translation of our product catalogue')[0]).toBe('DeepL Translator');
  });

  it('"on a budget" is a price, the languages of a translation are not a language to learn, a shy creator wants avatars', () => {
    const budget = chipLabels('student on a budget needs help with calculus');
    expect(budget).toContain('Low cost');
    expect(budget).not.toContain('personal finance and budgeting');
    expect(chipLabels('help me make a monthly budget')).toContain('personal finance and budgeting');
    expect(chipLabels('i need to translate a contract from german to english')).not.toContain(
      'language learning and conversation practice',
    );
    expect(chipLabels('i want to learn german')).toContain('language learning and conversation practice');
    expect(chipLabels('i want to start a youtube channel but im shy to show my face')[0]).toBe(
      'presenter videos with AI avatars',
    );
  });

  it('alt text is describing images, for the assistants that read them; a voice changer is speech-to-speech', () => {
    expect(chipLabels('write alt text for my images')[0]).toBe('describing images in words');
    expect(names('write alt text for my images')[0]).toBe('ChatGPT');
    expect(chipLabels('voice changer for discord')).toContain('voice cloning');
  });

  it('a party to plan is event planning for the general assistants, in every language, and "my kids" alone is no need', () => {
    for (const query of [
      'help me plan my kids birthday party',
      'organizar la fiesta de cumpleaños de mi hijo',
      "organiser une fête d'anniversaire pour ma fille",
      'kindergeburtstag planen',
      'organizzare una festa di compleanno',
      'planejar festa de aniversário',
    ]) {
      const chips = chipLabels(query);
      expect(chips, query).toContain('planning parties and events');
      expect(chips, query).not.toContain('tutoring and homework help');
      expect(chips, query).not.toContain('tools for teachers');
      expect(names(query)[0], query).toBe('ChatGPT');
    }
    expect(chipLabels('my son struggles with fractions')).toContain('tutoring and homework help');
  });

  it('"myself" is "me": a cartoon of myself is a stylised portrait, not an answer with no app', () => {
    for (const query of ['make a cartoon of myself', 'anime version of myself']) {
      expect(chipLabels(query), query).toContain('stylised portraits and avatars from selfies');
      expect(names(query)[0], query).toBe('Lensa');
    }
  });

  it('a sharper photo is photo enhancement in each language, comparatives included ("schärfer")', () => {
    for (const query of [
      'meine fotos schärfer machen',
      'hacer mis fotos más nítidas',
      'deixar a foto mais nítida',
      'rendere più nitida una foto',
    ]) {
      expect(chipLabels(query), query).toContain('photo enhancement and upscaling');
    }
  });

  it('planning a trip reads as trip planning in each language (the verb and the noun together)', () => {
    for (const query of ['planear un viaje a México barato', 'organiser un voyage en Écosse', 'eine Reise planen nach Rom']) {
      expect(chipLabels(query), query).toContain('planning trips and itineraries');
    }
  });

  it('"so it doesn\'t sound like AI" asks for rewording, in English and in German', () => {
    expect(chipLabels('rewrite my essay so it doesnt sound like ai')).toContain('paraphrasing and rewording');
    expect(chipLabels('texte umschreiben damit sie nicht nach ki klingen')).toContain('paraphrasing and rewording');
  });

  it('a unit conversion is a calculation, answered first by the engine that lists unit conversions', () => {
    expect(names('how many tablespoons is 40 milliliters')[0]).toBe('Wolfram|Alpha');
    expect(names('convert 350 farenheit to celcius and cups to grams')[0]).toBe('Wolfram|Alpha');
    expect(chipLabels('convert 30 celsius to fahrenheit')).toContain('unit conversions and calculations');
    expect(names('solve this integral step by step')[0]).not.toBe('Wolfram|Alpha');
  });

  it('an assistant over "my own files" answers from documents; "files" is not a company\'s filings', () => {
    const labels = chipLabels('an assistant that only answers from my own files');
    expect(labels).toContain('asking questions about PDFs and documents');
    expect(labels).not.toContain('financial and market intelligence');
    expect(chipLabels('summarise sec filings of public companies')).toContain('financial and market intelligence');
  });

  it('"awful" is a feeling, not AWS (Porter gives both the stem "aw")', () => {
    expect(chipLabels('my spanish is awful')).not.toContain('cloud and DevOps');
    expect(chipLabels('my spanish is awful')).toContain('language learning and conversation practice');
    expect(chipLabels('deploy my app on aws')).toContain('cloud and DevOps');
  });

  it('in a story, a word of its setting does not make a listing a fit ("chat with the neighbours")', () => {
    const found = names(
      'moving to rome in the fall and my italian is rusty, i want to practise it so i can chat with the neighbours',
    );
    const tutor = found.indexOf('Duolingo Max');
    const companion = found.indexOf('Kindroid');
    expect(tutor).toBeGreaterThanOrEqual(0);
    if (companion >= 0) expect(tutor).toBeLessThan(companion);
  });

  it('a question about a contract clause also offers the general-purpose assistants people ask such questions', () => {
    const found = names('is the non-compete clause in my employment contract normal').slice(0, 6);
    expect(found).toContain('Spellbook');
    expect(found.some((name) => ['ChatGPT', 'Claude', 'Gemini'].includes(name))).toBe(true);
  });

  it('"like X but for <another task>" bends X\'s substitutes toward that task', () => {
    const code = engine.search('like grammarly but for writing code', { limit: 10 });
    const found = code.hits.map((hit) => byId.get(hit.id)?.name ?? '');
    expect(found.slice(0, 3)).toContain('GitHub Copilot');
    expect(found[0]).not.toBe('LanguageTool');
    expect(code.reasoning).toContain('for AI coding assistance');
    expect(names('apps like duolingo for learning to code').slice(0, 3)).toContain('Replit');
  });

  it("one's own expenses are personal finance; a company's are accounting", () => {
    expect(chipLabels('app to track my monthly expenses')).toContain('personal finance and budgeting');
    expect(names('track my expenses automatically')[0]).toBe('Cleo');
    expect(chipLabels('expense reports for my company')).toContain('accounting and bookkeeping');
  });

  it('tells a face swap from a portrait made from selfies', () => {
    expect(names('face swap app')[0]).toBe('Reface');
    expect(names('faceswap')[0]).toBe('Reface');
    expect(engine.search('face swap app').chips.map((chip) => chip.id)).toContain('need:face-swap');
    expect(names('anime avatar of me from my selfies')[0]).not.toBe('Reface');
  });

  it('in a conversion, asks for what is made, not for what the visitor has', () => {
    const slides = (name: string) =>
      [...doc(name).tags, ...doc(name).features].some((text) => /presentation|slide|deck/i.test(text));
    expect(names('make my lecture notes into a presentation').slice(0, 2).every(slides)).toBe(true);
    expect(names('a slide deck from my meeting notes').slice(0, 3).filter(slides).length).toBeGreaterThanOrEqual(2);
    expect(names('sql from plain english')[0]).not.toBe('Hemingway Editor');
  });

  it('"A for my B" is not the compound "A B": music for a video is music, not a music video', () => {
    const labels = chipLabels('make music for my video without copyright');
    expect(labels).toContain('music and song generation');
    expect(labels).not.toContain('music videos and audio-reactive visuals');
    expect(chipLabels('a music video for my new single')).toContain('music videos and audio-reactive visuals');
  });

  it('an image from a description is made, not described (a direction word splits a compound in a query)', () => {
    for (const query of ['generate an image from a description', 'ein Bild aus einer Beschreibung erzeugen']) {
      const labels = chipLabels(query);
      expect(labels, query).toContain('image generation from a description');
      expect(labels, query).not.toContain('describing images in words');
    }
    expect(chipLabels('write image descriptions for my blog')).toContain('describing images in words');
  });

  it('what is "not just" enough is not the need; "not only X but Y" wants both', () => {
    const labels = chipLabels('i want to practise talking, not just flashcards');
    expect(labels).toContain('language learning and conversation practice');
    expect(labels).not.toContain('flashcards and studying');
    expect(chipLabels('not only flashcards but also quizzes')).toContain('flashcards and studying');
  });

  it('an article turned "into tweets" is repurposed, not written', () => {
    expect(chipLabels('turn my newsletter into tweets')).toContain('repurposing long content into posts and clips');
  });

  it('"my docs" are one\'s documents and "email follow ups" are emails, not a meeting\'s', () => {
    const docs = chipLabels('ai that can anwser questions about my docs');
    expect(docs).toContain('asking questions about PDFs and documents');
    expect(docs).not.toContain('developer documentation');
    const followUps = chipLabels('autmate my email followups');
    expect(followUps).toContain('writing emails and replies');
    expect(followUps).not.toContain('meeting notes and summaries');
  });

  it('a finished short word is not completed as if still being typed; "gen" is generation', () => {
    const story = engine.search('our nonprofit needs a grant proposal by friday and the only person who did it has left');
    expect(story.chips.map((chip) => chip.label)).not.toContain('recipes and meal ideas');
    expect(chipLabels('background remo')).toContain('product photography and background removal');
    expect(chipLabels('ai image gen')).toContain('image generation from a description');
  });

  it("a story's deadline is its setting; a written version of something spoken is a transcript", () => {
    const translator = chipLabels('the agency sent me a 200 page manual to translate with a two week deadline');
    expect(translator).toContain('translation between languages');
    expect(translator).not.toContain('calendar scheduling and day planning');
    expect(chipLabels('i keep missing deadlines at work')).toContain('calendar scheduling and day planning');
    expect(chipLabels('people who miss the sermon ask for a written version')).toContain('transcription of speech to text');
  });

  it('a book is not a booking ("booking" is an exact cue; Porter stems it "book")', () => {
    expect(chipLabels('summarize a long book')).not.toContain('calendar scheduling and day planning');
    expect(chipLabels('resumir livros longos')).not.toContain('calendar scheduling and day planning');
    expect(chipLabels('online booking for my salon')).toContain('calendar scheduling and day planning');
  });

  it("the quality of an old photo is enhancement; improving a recording's audio is audio cleanup", () => {
    expect(chipLabels('improve the quality of an old photo')).toContain('photo enhancement and upscaling');
    expect(chipLabels('como melhorar a qualidade de uma foto antiga')).toContain('photo enhancement and upscaling');
    expect(chipLabels("migliorare l'audio delle mie registrazioni")).toContain('noise removal and audio cleanup');
  });

  it('"maker" names no need of its own; a meal planner plans meals; HIPAA is health care', () => {
    expect(names('youtube thumbnail maker').slice(0, 3)).not.toContain('Rosebud AI');
    expect(names('youtube thumbnail maker').slice(0, 3)).not.toContain('Lovable');
    expect(chipLabels('meal planner ai')).toContain('recipes and meal ideas');
    expect(chipLabels('hipaa compliant transcription')).toContain('healthcare professionals');
    expect(names('hipaa compliant transcription').slice(0, 3)).toContain('Nuance DAX Copilot');
  });

  it('"i don\'t speak french" asks for a translation; members asking the same thing is a support need', () => {
    expect(chipLabels('my boss wants the report in french by tomorrow and i dont speak french')).toContain(
      'translation between languages',
    );
    expect(chipLabels('members keep asking about class times on whatsapp')).toContain('customer-support chat for websites');
    expect(chipLabels('my son keeps asking me to help with fractions')).not.toContain('customer-support chat for websites');
  });

  it('a chart from a CSV is no patient chart; a photo turned into a cartoon is a stylised portrait', () => {
    expect(chipLabels('chart from a csv file')).not.toContain('clinical documentation for doctors');
    expect(chipLabels('charting for my clinic takes hours')).toContain('clinical documentation for doctors');
    expect(chipLabels('make my photo into a cartoon')).toContain('stylised portraits and avatars from selfies');
  });

  it('words whose stem is an everyday word are exact cues: a host is no hosting, a program no code', () => {
    expect(chipLabels('I host a weekly history podcast with my brother')).not.toContain('website building');
    expect(chipLabels('web hosting for my blog')).toContain('website building');
    expect(chipLabels('our loyalty program for regulars')).not.toContain('AI coding assistance');
    expect(chipLabels('write a program that sorts my files')).toContain('AI coding assistance');
    expect(engine.search('eu hosted customer support chat').chips.map((chip) => chip.label)).not.toContain('website building');
  });

  it("in a request to translate, the languages named are the text's; a book's plot is no chart", () => {
    const labels = chipLabels('translate my hotel website into german and french');
    expect(labels[0]).toBe('translation between languages');
    expect(labels).not.toContain('language learning and conversation practice');
    expect(chipLabels('learn german and french')).toContain('language learning and conversation practice');
    expect(chipLabels("i'm writing a book and i'm stuck on the plot")).not.toContain('data analysis and charts');
    expect(chipLabels('plot my data from a spreadsheet')).toContain('data analysis and charts');
    expect(chipLabels('unser Team verliert ständig den Überblick über Aufgaben und Termine')).not.toContain(
      'music and song generation',
    );
  });

  it('a real-estate listing to write is marketing copy', () => {
    expect(chipLabels('ai for real estate listings')).toContain('ad copy and copywriting');
  });

  it("a child's spelling practice is studying, not a grammar checker", () => {
    expect(chipLabels('spelling practice for my 7 year old')).toContain('flashcards and studying');
    expect(chipLabels('fix spelling mistakes in my email')).toContain('grammar and spelling correction');
  });

  it('a workplace "office" is not the office apps', () => {
    const phone = chipLabels('our dentist office misses calls all day while we are with patients');
    expect(phone).toContain('automating phone calls and contact centres');
    expect(phone).not.toContain('help inside office apps');
    expect(chipLabels('ai help inside microsoft office')).toContain('help inside office apps');
  });

  it('being found on Google, correcting mistakes, sales emails and customer inquiries are read as their needs', () => {
    expect(chipLabels('we launched last month and nobody finds us on google')).toContain('SEO and search rankings');
    expect(chipLabels('correct the mistakes in my thesis')).toContain('grammar and spelling correction');
    expect(chipLabels('write more effective sales emails')).toContain('sales prospecting and outreach');
    expect(chipLabels('Kundenanfragen automatisch beantworten')).toContain('customer-support chat for websites');
    expect(chipLabels('how do i get our bakery site higher on google')).toContain('SEO and search rankings');
    expect(chipLabels('optimise my site so people find it')).toContain('SEO and search rankings');
    expect(chipLabels('design the interface of my budgeting app')).toContain('UI design, wireframes and prototypes');
    expect(chipLabels('a bussines plan for my food truck')).toContain('writing and drafting text');
  });
});

describe('the setting of a story is not the need', () => {
  it('what one is marked down for is the problem to fix, not the setting of the need', () => {
    const query = 'my history essays get marked down for run on sentences';
    expect(chipLabels(query)[0]).toBe('grammar and spelling correction');
    expect(names(query)[0]).toBe('Grammarly');
  });

  it('wording to make "less rude" or "less blunt" is about tone, whatever the messages are', () => {
    expect(chipLabels('make my slack messages less blunt')[0]).toBe('tone and natural phrasing');
    expect(['Wordtune', 'Grammarly']).toContain(names('browser add-on so my emails sound less harsh')[0]);
  });

  it('making the faces in an old photo move is bringing it to life', () => {
    expect(chipLabels("can you make the faces move in my parents' wedding photo")[0]).toBe('bringing photos to life');
  });

  it('a short text is no short-form video, and short videos still are', () => {
    expect(chipLabels('a short summary of my lecture notes')).not.toContain('short-form social video');
    expect(chipLabels('a short birthday message for my aunt')).not.toContain('short-form social video');
    expect(chipLabels('short videos for tiktok')[0]).toBe('short-form social video');
  });

  it('a promotion at work is no advertising; teaching a computer is training a model', () => {
    expect(chipLabels('i just got promoted to store manager and now i write the weekly rota')).not.toContain(
      'ad creatives and paid campaigns',
    );
    const labels = chipLabels('we want to teach a computer to spot cracks in our bridge photos');
    expect(labels[0]).toBe('machine-learning models and datasets');
    expect(labels).not.toContain('tools for teachers');
  });

  it('a trade that grew on word of mouth is a small business, not a need for writing', () => {
    expect(chipLabels('my bakery grew on word of mouth and now I need a logo')).not.toContain('writing and drafting text');
  });

  it('running out of ways to describe the same kind of thing is a need for copy', () => {
    const labels = chipLabels("our rescue has twenty cats to rehome and I can't think of new ways to describe them");
    expect(labels[0]).toBe('ad copy and copywriting');
  });

  it('a system administrator forgetting command flags needs shell help, not flashcards', () => {
    expect(names('as a sysadmin i always forget command flags')[0]).toBe('Warp');
    expect(names('which rsync options keep file permissions')[0]).toBe('Warp');
  });

  it('a "cv" beside labelling, model training or a kind of team is computer vision; elsewhere it is a résumé', () => {
    const labels = chipLabels('cv team here, thousands of weld photos need labelling before we train a model');
    expect(labels).not.toContain('résumés and cover letters');
    expect(labels).toContain('data labeling and annotation');
    expect(chipLabels('my cv has a photo, is that ok')).toContain('résumés and cover letters');
    expect(chipLabels('update my cv for a job as a fashion model')).toContain('résumés and cover letters');
    // A "cv" that names a kind of team is vision too, and drawing boxes on photos is how images are annotated.
    expect(names('our cv engineers spend days drawing boxes on photos').slice(0, 3)).toEqual(
      expect.arrayContaining(['Labelbox']),
    );
    expect(chipLabels('cv for a startup job')).toContain('résumés and cover letters');
  });

  it('having no one to chat with is loneliness; deaf members of a club need captions', () => {
    expect(chipLabels('my aunt lives alone and has no one to chat with after dinner')).toContain(
      'emotional support and companionship',
    );
    expect(chipLabels('two deaf members of our hiking club miss everything said in our trip videos')).toContain(
      'subtitles and captions for video',
    );
  });

  it('money raised for a cause or made online is no budgeting; a pitch deck raises money from investors', () => {
    for (const query of ['our choir wants to raise money for a new roof, we need flyers', 'make money selling ai art'])
      expect(chipLabels(query)).not.toContain('personal finance and budgeting');
    expect(chipLabels('a deck to raise money from investors for my startup')).toContain('presentation slides');
  });

  it('a new client who sent something is had already; finding new clients is prospecting', () => {
    expect(chipLabels('a new client sent me her brand colours and wants a flyer')).not.toContain(
      'sales prospecting and outreach',
    );
    expect(chipLabels('how do i find new clients for my cleaning business')).toContain('sales prospecting and outreach');
  });

  it('"a growing number of" people is a quantity; "the numbers" of a business are its data', () => {
    expect(chipLabels('a growing number of families from abroad join our choir')).not.toContain('data analysis and charts');
    expect(chipLabels('crunch the numbers from our bake sale')).toContain('data analysis and charts');
  });

  it('a text to draft in a register is drafting: not music, not reworking a tone, not a calendar reminder', () => {
    const reminder = chipLabels('compose a courteous reminder to a customer whose invoice is overdue');
    expect(reminder).toContain('writing and drafting text');
    expect(reminder).not.toContain('music and song generation');
    expect(reminder).not.toContain('calendar scheduling and day planning');
    for (const query of ['draft a formal letter to the council about the bins', 'eine formelle E-Mail an die Schule schreiben']) {
      expect(chipLabels(query), query).not.toContain('tone and natural phrasing');
    }
    expect(chipLabels('eine Mahnung schreiben an einen Mieter mit drei offenen Monatsmieten')).not.toContain(
      'calendar scheduling and day planning',
    );
    expect(chipLabels('make my reply to the council sound more formal')).toContain('tone and natural phrasing');
    expect(chipLabels('compose an orchestral piece for my short film')).toContain('music and song generation');
  });

  it('what a text to draft is about does not choose the tool: assistants write the reminder, not inbox tools', () => {
    const top = names('write a payment reminder for a customer who does not pay').slice(0, 3);
    expect(
      top.some((name) => ['ChatGPT', 'Claude', 'Gemini', 'Rytr', 'HyperWrite'].includes(name)),
      top.join(),
    ).toBe(true);
  });

  it('money that is short is a price, and hiring one person for a job is not recruitment', () => {
    const story = engine.search('paying a narrator for my audiobook is way beyond my budget and hiring a studio too');
    const labels = story.chips.map((chip) => chip.label);
    expect(labels).toContain('voiceover and text-to-speech');
    expect(labels).not.toContain('personal finance and budgeting');
    expect(labels).not.toContain('job posts and HR writing');
    expect(story.chips.map((chip) => chip.kind)).toContain('price');
    expect(chipLabels('we are hiring for two nursing roles and need job ads')).toContain('job posts and HR writing');
    expect(chipLabels('help me stick to a monthly budget')).toContain('personal finance and budgeting');
  });

  it('an appointment in a story is its setting; booking appointments is scheduling', () => {
    expect(
      chipLabels('before my appointment with the cardiologist I want to read what trials found about statins'),
    ).not.toContain('calendar scheduling and day planning');
    expect(chipLabels('let patients book appointments with our physio practice online')).toContain(
      'calendar scheduling and day planning',
    );
  });

  it('people without a shared language need translation, not lessons', () => {
    for (const query of [
      'my uncle speaks only polish and his new neighbours speak english',
      'our cleaner only speaks russian and we only speak german',
    ]) {
      const labels = chipLabels(query);
      expect(labels, query).toContain('translation between languages');
      expect(labels, query).not.toContain('language learning and conversation practice');
      expect(labels, query).not.toContain('healthcare professionals');
      expect(names(query).slice(0, 3), query).toEqual(expect.arrayContaining(['DeepL Translator', 'Google Translate']));
    }
    const travellers = chipLabels('we are off to rural korea and neither of us speaks a word of korean');
    expect(travellers).toContain('translation between languages');
    expect(travellers).not.toContain('language learning and conversation practice');
    const practice = chipLabels('I want to practise speaking polish before visiting Krakow');
    expect(practice).toContain('language learning and conversation practice');
    expect(practice).not.toContain('translation between languages');
  });

  it('a text in a language the visitor does not speak is a translation need, not a setting of the text', () => {
    const answer = names('the tenancy agreement is in Polish and I only speak English').slice(0, 6);
    expect(answer).toEqual(expect.arrayContaining(['DeepL Translator', 'Google Translate']));
  });

  it('any language named to learn is language learning, not only the commonest ones', () => {
    for (const query of ['learn greek', 'practise my swedish before the move', 'vietnamese for beginners']) {
      expect(chipLabels(query), query).toContain('language learning and conversation practice');
    }
    expect(chipLabels('translate my cv into polish')).not.toContain('language learning and conversation practice');
    // The language others speak is theirs, not one to learn.
    expect(chipLabels('half our night shift speak romanian or bulgarian and miss most of the safety talk')).not.toContain(
      'language learning and conversation practice',
    );
  });

  it('a text in a language the visitor cannot read, and what it says, needs translation', () => {
    for (const query of [
      'my grandmother writes me long letters in greek and I would love to know what she says in them',
      'our supplier sent the warranty terms in vietnamese and nobody here knows what it actually means',
    ]) {
      const labels = chipLabels(query);
      expect(labels, query).toContain('translation between languages');
      expect(labels, query).not.toContain('language learning and conversation practice');
      // The story's other words (a warranty's "terms") still rank a few listings beside the translators.
      expect(names(query).slice(0, 4), query).toEqual(expect.arrayContaining(['DeepL Translator', 'Google Translate']));
    }
    expect(chipLabels('I want to learn spanish so I know what my in-laws are saying')).toContain(
      'language learning and conversation practice',
    );
    expect(chipLabels('what the latest studies say about intermittent fasting')).not.toContain('translation between languages');
  });

  it('an assistant that wrote something others handed in is its origin: the need is checking for AI', () => {
    for (const query of ['my students used chatgpt on their history reports', 'pretty sure chatgpt wrote this cover letter']) {
      const answer = engine.search(query);
      expect(
        answer.chips.map((chip) => chip.kind),
        query,
      ).not.toContain('app');
      expect(
        answer.chips.map((chip) => chip.label),
        query,
      ).toContain('AI-writing and plagiarism detection');
    }
    expect(chipKinds('can chatgpt write my wedding speech')).toContain('app');
    // Nobody names the AI: "a robot wrote them" says the same.
    expect(chipLabels("my students' lab reports look like a robot wrote them")).toContain('AI-writing and plagiarism detection');
  });

  it('a one-off speech asked in another language, or an occasion poem, finds the general-purpose assistants first', () => {
    expect(names('escribir un discurso para la jubilación de mi jefe').slice(0, 3)).toEqual(
      expect.arrayContaining(['ChatGPT', 'Claude']),
    );
    // So is a poem for an occasion: a novelist's tool is not the answer to a birthday verse.
    expect(['ChatGPT', 'Claude', 'Gemini']).toContain(names('a poem for my nephew’s christening')[0]);
  });

  it('talking English with an AI is conversation practice, in English or read from French; a barrier is not', () => {
    for (const query of ['I want to talk in english with an ai every evening', 'une appli pour discuter en anglais le soir']) {
      expect(names(query).slice(0, 3), query).toEqual(expect.arrayContaining(['Speak', 'Praktika']));
    }
    expect(chipLabels('my boss only speaks english and I only speak spanish')).not.toContain(
      'language learning and conversation practice',
    );
  });

  it('what a visitor wants kept through a job is no need of its own, and "without losing" says what "keeping" says', () => {
    const needs = (query: string) =>
      engine
        .search(query)
        .chips.filter((chip) => chip.kind === 'need')
        .map((chip) => chip.label);
    // "messing up" is a cue of debugging ("I messed up my code"); here it is what must not happen to the formatting.
    const cv = 'translate my cv to german without messing up the formatting';
    expect(needs(cv)[0]).toBe('translation between languages');
    expect(names(cv)[0]).toBe('DeepL Translator');
    expect(needs('translate the employee handbook into polish without losing the layout').at(-1)).toBe(
      'graphic design and templates',
    );
    // The two ways of asking get the same answer, as surely: "without" and "losing" are no words a listing must have.
    const losing = engine.search('translate our user guide into dutch without losing the formatting');
    const keeping = engine.search('translate our user guide into dutch while keeping the formatting');
    expect(losing.hits[0]?.id).toBe(keeping.hits[0]?.id);
    expect(Math.abs(losing.confidence - keeping.confidence)).toBeLessThan(0.1);
  });

  it("a document's layout kept through a translation, and having no experience, are read in five languages", () => {
    for (const query of [
      'traduire mon document word en espagnol en gardant la mise en page',
      'traducir un contrato al inglés sin perder el formato',
    ]) {
      const labels = engine
        .search(query)
        .chips.filter((chip) => chip.kind === 'need')
        .map((chip) => chip.label);
      expect(labels[0], query).toBe('translation between languages');
      expect(labels, query).not.toContain('graphic design and templates');
    }
    for (const query of ['montar vídeos sin experiencia', 'Videos schneiden ohne Erfahrung', 'montare video senza esperienza']) {
      expect(chipLabels(query), query).toContain('ease of use for beginners');
    }
  });

  it('writing social posts is copywriting, scheduling them is a social-media tool', () => {
    for (const query of ['ai to write my twitter threads', 'instagram caption writer']) {
      const answer = engine.search(query);
      expect(
        answer.chips.map((chip) => chip.label),
        query,
      ).toContain('ad copy and copywriting');
      expect(names(query).slice(0, 3), query).toEqual(expect.arrayContaining(['Jasper', 'Copy.ai']));
    }
    expect(chipLabels('schedule our posts on three networks at once')).toContain('social media posting and scheduling');
  });

  it('a summary of a video is its own need, however many words lie between; editing one is not', () => {
    for (const query of ['can you summarize this 3 hour video lecture', 'a quick recap of the webinar video from yesterday']) {
      const labels = chipLabels(query);
      expect(labels, query).toContain('summaries of videos');
      expect(labels, query).not.toContain('video editing');
    }
    expect(names('can you summarize this 3 hour video lecture').slice(0, 3)).toContain('Gemini');
    expect(chipLabels('edit a video of my summer holiday')).not.toContain('summaries of videos');
  });

  it('an avatar that speaks a language presents a video in it; training staff is a course, in English or French', () => {
    for (const query of [
      'video with an avatar that speaks french to train our staff',
      'créer une vidéo avec un avatar qui parle espagnol pour former nos vendeurs',
    ]) {
      const labels = chipLabels(query);
      expect(labels, query).toContain('presenter videos with AI avatars');
      expect(labels, query).not.toContain('language learning and conversation practice');
      expect(labels, query).not.toContain('stylised portraits and avatars from selfies');
    }
    expect(chipLabels('an ai i can speak french with every day')).toContain('language learning and conversation practice');
  });

  it('a script to film is a text to write, a script to run is code', () => {
    const film = chipLabels('need a tiktok script about my bakery opening');
    expect(film).toContain('writing and drafting text');
    expect(film).not.toContain('AI coding assistance');
    expect(chipLabels('write a python script to rename my photos')).toContain('AI coding assistance');
  });

  it('a proof or an olympiad problem is hard reasoning for an assistant, not a homework solver; "can\'t prove" is not', () => {
    const theorem = 'help me prove this theorem for my real analysis class';
    expect(chipLabels(theorem)).toContain('hard problems that take careful reasoning');
    expect(names(theorem).slice(0, 3)).toContain('DeepSeek');
    expect(names(theorem).slice(0, 3)).not.toContain('Photomath');
    expect(chipLabels("I'm sure my flatmate eats my food but I can't prove it")).not.toContain(
      'hard problems that take careful reasoning',
    );
  });

  it("a language before an essay, a letter or a report is the text's, not one to learn", () => {
    for (const query of ['correct my italian essay before friday', 'check my german report for mistakes']) {
      expect(chipLabels(query), query).not.toContain('language learning and conversation practice');
    }
    expect(chipLabels('correct my essay please')).toContain('grammar and spelling correction');
  });

  it('cutting out the ums is editing a recording, not a cut-out photo; takeaways are a summary; naming is brainstorming', () => {
    const vlog = chipLabels('my vlogs take ages because I cut out every um and the long pauses by hand');
    expect(vlog).not.toContain('product photography and background removal');
    expect(names('my vlogs take ages because I cut out every um and the long pauses by hand').slice(0, 3)).toContain('Descript');
    expect(chipLabels('cut out the background of my sneaker photos')).toContain('product photography and background removal');
    expect(chipLabels('the key takeaways from a 50 page audit')).toContain('summarising long text');
    expect(chipLabels('come up with a name for my dog grooming van')).toContain('a general-purpose AI assistant');
  });

  it('work done by hand is the need to automate; what it is typed into is only its setting', () => {
    const needs = (query: string) =>
      engine
        .search(query)
        .chips.filter((chip) => chip.kind === 'need')
        .map((chip) => chip.label);
    expect(needs('every friday our shop orders get pasted into a spreadsheet by hand')[0]).toBe(
      'workflow automation between apps',
    );
    expect(needs('i move leads from facebook ads into our crm by hand each morning')[0]).toBe('workflow automation between apps');
    expect(needs('an orchestral track for the boss fight in my indie game')[0]).toBe('music and song generation');
    // Copying things from one place into another is that work too, even unnamed: no copywriting for "website I copy".
    const copying = 'each morning I copy the new orders into a spreadsheet and then into our accounting app';
    expect(needs(copying)[0]).toBe('workflow automation between apps');
    expect(names(copying).slice(0, 3)).toContain('Zapier');
    expect(needs('new signups from our website I copy into mailchimp one by one')).not.toContain('ad copy and copywriting');
  });

  it('who the visitor is names no need, unless nothing else does', () => {
    const designer = chipLabels("i'm a freelance graphic designer and need a portfolio website");
    expect(designer).not.toContain('graphic design and templates');
    expect(designer).toContain('website building');
    expect(chipLabels("I'm a novelist who can't afford a narrator for the audiobook")).not.toContain(
      'fiction and creative writing',
    );
    expect(chipLabels('im a podcaster, which tools would help')).toContain('podcast recording and editing');
  });

  it('a count between "same" and what repeats keeps the phrase: the same three questions are the same questions', () => {
    expect(chipLabels('patients send us the same four questions every single day')).toContain(
      'customer-support chat for websites',
    );
    expect(chipLabels('our shop gets the same 6 questions on instagram all day')).toContain('customer-support chat for websites');
  });

  it('a team lead leads people, and meeting someone is no meeting to take notes of', () => {
    const review = chipLabels('just got promoted to team lead and have to write the annual appraisals for my six reports');
    expect(review).not.toContain('sales prospecting and outreach');
    expect(review).toContain('job posts and HR writing');
    expect(chipLabels('a song for our anniversary about meeting at a rainy festival')).not.toContain(
      'meeting notes and summaries',
    );
    expect(chipLabels('a love song about meeting my wife on a train')).not.toContain('meeting notes and summaries');
    expect(chipLabels('sales leads for my roofing company')).toContain('sales prospecting and outreach');
    expect(chipLabels('notes from the meeting with our landlord')).toContain('meeting notes and summaries');
  });

  it('paper a thing is made of is no research paper, and a phone photo of a page is no product shot', () => {
    expect(chipLabels('the clinic still keeps paper records of every patient')).not.toContain('finding academic papers');
    expect(chipLabels('our bakery swapped the paper loyalty card for an app')).not.toContain('finding academic papers');
    expect(chipLabels('find papers on soil microbes')).toContain('finding academic papers');
    expect(chipLabels('a phone photo of a handwritten recipe card I want typed out')).not.toContain(
      'product photography and background removal',
    );
    expect(chipLabels('phone photos of products for my candle shop')).toContain('product photography and background removal');
  });

  it('a partner is no AI companion; a shorthand keeps its meaning in the plural', () => {
    const labels = chipLabels('a rap verse about my bfs new puppy');
    expect(labels).not.toContain('chatting with characters');
    expect(labels).toContain('music and song generation');
    expect(chipLabels('an ai girlfriend app to chat with')).toContain('chatting with characters');
    expect(chipLabels('a virtual boyfriend who remembers my day')).toContain('emotional support and companionship');
  });
});

describe('reasons that are true', () => {
  const queries = [
    'transcribe meetings',
    'remove the background from product photos',
    'write a cover letter',
    'free grammar checker for students',
    'generate images from text',
    'automate phone calls for our call center',
    'quiz maker for my class',
    'summarize research papers',
    'alternatives to midjourney',
    'elevenlabs vs murf',
    'grammarly but for novelists',
  ];

  it.each(queries)('every claim of every reason for "%s" is quoted from the listing, verbatim', (query) => {
    const answer = engine.search(query, { limit: 12 });
    expect(answer.hits.length).toBeGreaterThan(0);
    for (const hit of answer.hits) {
      expect(hit.evidence.length, `${byId.get(hit.id)?.name}: ${hit.reason}`).toBeGreaterThan(0);
      for (const claim of hit.evidence) {
        expect(claim.quotes.length, claim.claim).toBeGreaterThan(0);
        for (const quote of claim.quotes) expectGrounded(quote);
      }
    }
  });

  it('every claim of the alternatives lists is quoted from both listings', () => {
    for (const source of ['Midjourney', 'Hemingway Editor', 'Cursor', 'Otter.ai', 'Canva Magic Studio']) {
      for (const entry of engine.alternatives(doc(source).id, { limit: 12 })) {
        expect(entry.evidence.length).toBeGreaterThan(0);
        for (const claim of entry.evidence) {
          expect(claim.quotes.length).toBeGreaterThan(0);
          for (const quote of claim.quotes) expectGrounded(quote);
          if (claim.claim.startsWith('Both cover')) expect(new Set(claim.quotes.map((quote) => quote.app)).size).toBe(2);
        }
      }
    }
  });

  it('a capability is never inferred from one incidental word', () => {
    // "text" in "text-to-image" is not reading-level adaptation; "passive voice" is not phone automation.
    for (const name of ['Midjourney', 'DreamStudio', 'Adobe Firefly']) {
      const reasons = engine.alternatives(doc(name).id, { limit: 24 }).map((entry) => entry.reason);
      expect(reasons.join(' ')).not.toMatch(/reading level/);
    }
    const hemingway = engine
      .search('automate phone calls', { limit: 30 })
      .hits.find((hit) => byId.get(hit.id)?.name === 'Hemingway Editor');
    expect(hemingway?.reason ?? '').not.toMatch(/phone calls/);
  });

  it("a support desk's AI agent is no autonomous coding agent", () => {
    const answer = engine.search('let an agent work through our bug backlog and open pull requests', { limit: 30 });
    for (const hit of answer.hits) {
      if (!['Zendesk AI', 'Gorgias', 'Ada', 'Cognigy'].includes(byId.get(hit.id)?.name ?? '')) continue;
      expect(hit.reason).not.toMatch(/autonomous coding agents/);
    }
    expect(answer.hits.map((hit) => byId.get(hit.id)?.name).slice(0, 3)).toContain('Devin');
  });
});

describe('confidence and chips', () => {
  it('is low for nonsense and high for a clear need', () => {
    expect(engine.search('qwxyz blorf zzkk').confidence).toBeLessThanOrEqual(0.1);
    expect(engine.search('transcribe my meetings').confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('needs named by one word each do not make a clear request unsure; several stated needs do', () => {
    const clear = engine.search(
      'sharpen the dark blurry photos of our shelter dogs before they go on instagram and in the newsletter',
    );
    expect(clear.confidence).toBeGreaterThanOrEqual(0.7);
    const scattered = engine.search('my podcast sounds echoey and i also want to post clips on tiktok and write the show notes');
    expect(scattered.confidence).toBeLessThan(0.4);
  });

  it('a filter that leaves only distant substitutes answers less surely than one that keeps close ones', () => {
    // LanguageTool is both Grammarly's closest substitute and open source; Notion AI's open-source "substitutes" are a
    // chat model and a documentation tool, about half as similar as its best one.
    expect(engine.search('grammarly but open source').confidence).toBeGreaterThanOrEqual(0.85);
    expect(engine.search('notion ai but open source').confidence).toBeLessThan(0.6);
  });

  it('a query read through the glossary is less sure than the same need typed in English', () => {
    const english = engine.search('remove the background from my product photo');
    const spanish = engine.search('borrar el fondo de la foto de mi producto');
    expect(spanish.hits[0]?.id).toBe(english.hits[0]?.id);
    expect(spanish.confidence).toBeLessThan(english.confidence * 0.9);
    expect(spanish.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('shows the understanding as chips, and setting one aside searches again without it', () => {
    const answer = engine.search('free meeting transcription for students');
    const ids = answer.chips.map((chip) => chip.id);
    expect(ids).toContain('price');
    expect(ids).toContain('audience:students');
    expect(ids.some((id) => id.startsWith('need:'))).toBe(true);
    const withoutPrice = engine.search('free meeting transcription for students', { without: new Set(['price']), limit: 12 });
    expect(withoutPrice.hits.some((hit) => byId.get(hit.id)?.pricingType === 'paid')).toBe(true);
  });

  it('a substitute list bent toward another need is less sure than a plain cheaper one', () => {
    const cheaper = engine.search('jasper but free');
    const bent = engine.search('notion but for planning trips');
    expect(cheaper.intent?.kind).toBe('alternatives');
    expect(bent.intent?.kind).toBe('alternatives');
    expect(bent.confidence).toBeLessThanOrEqual(0.75);
    expect(bent.confidence).toBeLessThan(cheaper.confidence);
  });

  it('reads the direction of a conversion: images from text is not text from images', () => {
    const chipsOf = (query: string) => engine.search(query).chips.map((chip) => chip.id);
    expect(chipsOf('create images from text')).toContain('need:image-generation');
    expect(chipsOf('create images from text')).not.toContain('need:ocr');
    expect(chipsOf('get the text out of images, image to text')).toContain('need:ocr');
    expect(chipsOf('turn text from images into a document')).not.toContain('need:image-generation');
    expect(
      names('creare immagini da testo')
        .slice(0, 3)
        .every((name) => doc(name).tags.includes('image-generation')),
    ).toBe(true);
  });

  it('setting aside a named app searches the words as a task', () => {
    const named = engine.search('grammarly but for novelists');
    const app = named.chips.find((chip) => chip.kind === 'app');
    expect(app?.label).toBe('Grammarly');
    const asTask = engine.search('grammarly but for novelists', { without: new Set([app?.id ?? '']) });
    expect(asTask.intent).toBeUndefined();
  });
});
