import type { SearchDocument } from '../modules/search/engine/search-index';

/** Builds a listing with neutral defaults (tests only). */
export function listing(
  id: number,
  partial: Partial<SearchDocument> & Pick<SearchDocument, 'name' | 'category' | 'description'>,
): SearchDocument {
  return {
    id,
    longDescription: null,
    tags: [],
    features: [],
    useCases: [],
    pricingType: 'freemium',
    monthlyVisitors: 100_000,
    rating: 40,
    viewCount: 0,
    saveCount: 0,
    company: null,
    ...partial,
  };
}

/** A small invented catalogue with clear substitutes, a general assistant and names that are ordinary words. */
export const FIXTURE_APPS: SearchDocument[] = [
  listing(1, {
    name: 'Pictora',
    category: 'Design',
    description: 'Image generator that creates striking artwork from text prompts.',
    tags: ['image-generation', 'text-to-image'],
    features: ['Generate images from text prompts', 'Style presets', 'Upscaling'],
    pricingType: 'paid',
    monthlyVisitors: 5_000_000,
  }),
  listing(2, {
    name: 'Brushly',
    category: 'Design',
    description: 'Text-to-image generator for creating images and illustrations from prompts.',
    tags: ['image-generation', 'art'],
    features: ['Image generation from text prompts', 'Custom styles'],
    pricingType: 'freemium',
  }),
  listing(3, {
    name: 'Canvo',
    category: 'Design',
    description: 'Generate images from text descriptions in any style, in a mobile app for iPhone and Android.',
    tags: ['image-generation', 'mobile'],
    features: ['Image generation from prompts', 'iPhone and Android app'],
    pricingType: 'free',
  }),
  listing(4, {
    name: 'Scribewise',
    category: 'Writing',
    description: 'Grammar checker that fixes spelling, punctuation and tone as you type.',
    tags: ['grammar', 'spelling'],
    features: ['Grammar and spelling correction', 'Tone suggestions', 'Browser extension'],
    pricingType: 'freemium',
    monthlyVisitors: 3_000_000,
  }),
  listing(5, {
    name: 'Polish',
    category: 'Writing',
    description: 'Grammar and style checker with spelling correction and readability scores.',
    tags: ['grammar', 'proofreading'],
    features: ['Spell checker', 'Grammar checker', 'Readability report'],
    pricingType: 'paid',
  }),
  listing(6, {
    name: 'Chatterly',
    category: 'Productivity',
    description:
      'General-purpose AI assistant that answers questions, writes and edits text, summarizes documents and helps with coding.',
    tags: ['ai assistant', 'chatbot'],
    features: ['Answers questions', 'Writing and editing', 'Summaries of documents', 'Coding help', 'Translation'],
    pricingType: 'freemium',
    monthlyVisitors: 50_000_000,
  }),
  listing(7, {
    name: 'Transcribo',
    category: 'Audio',
    description: 'Transcription service that turns meetings and interviews into text with speaker labels.',
    tags: ['transcription', 'speech-to-text'],
    features: ['Automatic transcription', 'Speaker labels', 'Meeting notes'],
    pricingType: 'paid',
  }),
  listing(8, {
    name: 'Meetmate',
    category: 'Productivity',
    description: 'Meeting assistant that records calls and writes transcripts, summaries and action items.',
    tags: ['meetings', 'transcription', 'notes'],
    features: ['Live transcription', 'Meeting summaries', 'Action items'],
    pricingType: 'freemium',
  }),
  listing(9, {
    name: 'Clipforge',
    category: 'Video',
    description: 'Video editor that adds automatic captions and cuts silences from recordings.',
    tags: ['video-editing', 'captions'],
    features: ['Auto captions', 'Silence removal', 'Export for social media'],
    pricingType: 'freemium',
  }),
];
