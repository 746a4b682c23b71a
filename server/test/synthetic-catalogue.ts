import type { AppRecord } from '@shared/schemas/app';
import { buildAppRecord } from '../db/factories';

/** Every this-many-th app of a synthetic catalogue is listed again at its predecessor's address. */
export const TWIN_EVERY = 250;

/** Deterministic made-up words, so names and descriptions are as distinct as a real catalogue's. */
function words(seed: number, count: number): string[] {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ren',
    'tu',
    'zar',
    'vex',
    'qui',
    'no',
    'bel',
    'dra',
    'sop',
    'fin',
    'gal',
    'hex',
    'jun',
    'pry',
    'wol',
    'yst',
    'cor',
  ];
  let state = seed * 2_654_435_761 + 1;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 2 + (next() % 2) }, () => syllables[next() % syllables.length]).join(''),
  );
}

/**
 * App number `index` of a large synthetic catalogue (the import scale test and `bench:import`): a
 * made-up name, address and description; every TWIN_EVERY-th app has its predecessor's address
 * (with www. and a trailing slash), so a duplicate scan has exactly `floor(size / TWIN_EVERY)` pairs
 * by address to find.
 */
export function syntheticAppRecord(index: number): AppRecord {
  const twinOf = index % TWIN_EVERY === TWIN_EVERY - 1 ? index - 1 : index;
  const [first = 'x', second = 'y'] = words(index, 2);
  return buildAppRecord({
    name: `${first} ${second} ${index}`,
    url:
      twinOf === index
        ? `https://${first}${index}.example.com/app`
        : `https://www.${words(twinOf, 1)[0]}${twinOf}.example.com/app/`,
    description: `${words(index + 1_000_000, 12).join(' ')}.`,
    category: ['Writing', 'Design', 'Development', 'Marketing', 'Video'][index % 5] ?? 'Writing',
  });
}
