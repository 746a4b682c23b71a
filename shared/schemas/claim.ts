import { PRICING_TYPES } from '../constants';
import type { App } from './app';
import { z } from './zod';

/** Makers' claims of their listings and their proposed corrections (issue 24). */
export const CLAIM_METHODS = ['meta', 'well-known'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
export const CLAIM_META_NAME = 'aitlas-verification';
export const CLAIM_WELL_KNOWN_PATH = '/.well-known/aitlas-verification.txt';
export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_REASON_MAX = 500;

/** `POST /api/apps/{id}/claims` body. */
export const claimCreateSchema = z.object({
  method: z.enum(CLAIM_METHODS, { error: `method must be one of ${CLAIM_METHODS.join(', ')}` }),
});

/** `POST /api/apps/{id}/claims` → 201. */
export interface ClaimCreated {
  id: number;
  token: string;
  method: ClaimMethod;
  instructions: string;
}

/** What a verification fetched: shown to the maker when the token was not found. */
export interface ClaimAttempt {
  url: string;
  /** Every address asked for, redirects included. */
  hops: string[];
  httpStatus: number | null;
  found: boolean;
  /** Tokens of the same kind found instead (a stale or mistyped one). */
  foundTokens: string[];
  /** Why the fetch was refused, when it was (blocked address, robots.txt, timeout, ...). */
  refusal: string | null;
  message: string;
  at: string;
}

/** `POST /api/claims/{id}/verify` → 200: the private management link, shown this once. */
export interface ClaimVerified {
  manageUrl: string;
}

/** Whether an app's listing is managed by its maker (the public "Claimed by its maker"). */
export interface ClaimStatus {
  claimed: boolean;
}

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);
const list = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} must be a list of text` })
        .trim()
        .min(1, `${label} must not have empty lines`)
        .max(300, `Each of ${label.toLowerCase()} must be at most 300 characters`),
      {
        error: `${label} must be a list of text`,
      },
    )
    .max(20, `At most 20 ${label.toLowerCase()}`)
    .transform((items) => [...new Set(items)]);
const optionalText = (max: number, label: string) =>
  text(max, label)
    .nullable()
    .transform((value) => (value ? value : null));

/** The listing fields a maker may propose to change, with the same bounds as the curators' form. */
export const proposalChangesSchema = z
  .object({
    description: text(2000, 'Description').min(1, 'Description is required'),
    longDescription: optionalText(20_000, 'Long description'),
    features: list('Features'),
    useCases: list('Use cases'),
    pricingType: z.enum(PRICING_TYPES, { error: `Pricing must be one of ${PRICING_TYPES.join(', ')}` }).nullable(),
    screenshotUrl: z
      .string({ error: 'Screenshot must be a URL' })
      .trim()
      .max(2048, 'Screenshot URL is too long')
      .refine((value) => value === '' || /^https?:\/\/[^\s/]+/i.test(value), 'Screenshot must be an http(s) URL')
      .nullable()
      .transform((value) => (value ? value : null)),
    company: optionalText(200, 'Company'),
    foundedYear: z
      .number({ error: 'Founded year must be a year' })
      .int('Founded year must be a year')
      .min(1800, 'Founded year must be 1800 or later')
      .max(2100, 'Founded year must be 2100 or earlier')
      .nullable(),
    location: optionalText(200, 'Location'),
  })
  .partial()
  .strict();
export type ProposalChanges = z.output<typeof proposalChangesSchema>;
export type ProposalField = keyof ProposalChanges;
export const PROPOSAL_FIELDS = [
  'description',
  'longDescription',
  'features',
  'useCases',
  'pricingType',
  'screenshotUrl',
  'company',
  'foundedYear',
  'location',
] as const satisfies readonly ProposalField[];
export const PROPOSAL_FIELD_LABELS: Record<ProposalField, string> = {
  description: 'Description',
  longDescription: 'Long description',
  features: 'Features',
  useCases: 'Use cases',
  pricingType: 'Pricing',
  screenshotUrl: 'Screenshot',
  company: 'Company',
  foundedYear: 'Founded',
  location: 'Location',
};

/** `POST /api/manage/{secret}/proposals` body. */
export const proposalCreateSchema = z.object({ changes: proposalChangesSchema });

/** One changed field of a proposal: the listing's value when proposed, and the proposed one. */
export interface ProposalDiff {
  field: ProposalField;
  label: string;
  before: unknown;
  after: unknown;
}

/** A proposal as the management page and the curator queue show it. */
export interface Proposal {
  id: number;
  appId: number;
  status: ProposalStatus;
  reason: string | null;
  diff: ProposalDiff[];
  createdAt: string;
  decidedAt: string | null;
}

/** A proposal in the curator queue. */
export interface AdminProposal extends Proposal {
  appName: string;
}

/** `GET /api/manage/{secret}`: the maker's listing, their proposals and the badge to embed. */
export interface ManagedListing {
  app: App;
  claim: { id: number; method: ClaimMethod; verifiedAt: string };
  proposals: Proposal[];
  badge: { url: string; snippet: string };
}

/** `GET /api/admin/proposals?status=…`. */
export const proposalListQuerySchema = z.object({
  status: z.enum(PROPOSAL_STATUSES, { error: `status must be one of ${PROPOSAL_STATUSES.join(', ')}` }).optional(),
});

/** `PATCH /api/admin/proposals/{id}` body. */
export const proposalDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(PROPOSAL_REASON_MAX, `Reason must be at most ${PROPOSAL_REASON_MAX} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
});

/** A claim as curators list it (`GET /api/admin/claims`). */
export interface AdminClaim {
  id: number;
  appId: number;
  appName: string;
  method: ClaimMethod;
  status: 'pending' | 'verified' | 'revoked';
  verifiedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

/** `/manage/{secret}` path parameter: the secret is base64url. */
export const manageSecretParamSchema = z.object({
  secret: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Unknown or revoked management link'),
});
