/**
 * Hand-written queries for the confidence checks (not from the public set): gibberish and needs that an AI-tools
 * catalogue cannot serve must get a low confidence; ordinary, servable needs a high one.
 */
export const LOW_CONFIDENCE_QUERIES: readonly string[] = [
  'asdkjh qwpoe',
  'zzzz',
  'qwerty uiop lkjh',
  'plumber to fix my sink',
  'buy cheap flights to lisbon',
  'used car dealership near me',
  'best pizza delivery open late',
  'fix the brakes on my bike',
  'dog walker for tuesdays',
  'rent a wedding dress',
  'cheap concert tickets for saturday',
  'electrician to install ceiling fan',
  'xkcd blorf snarfle',
];

export const HIGH_CONFIDENCE_QUERIES: readonly string[] = [
  'remove background from product photos',
  'transcribe my interviews',
  'ai that writes unit tests for my java code',
  'make a logo for my coffee shop',
  'clean up background noise in my podcast',
  'summarize research papers for my thesis',
  'text to speech voiceover for youtube',
  'turn my blog post into a video',
  'chatbot that answers customer questions on my website',
  'help me study with flashcards',
  'generate images from a text prompt',
  'schedule social media posts',
];
