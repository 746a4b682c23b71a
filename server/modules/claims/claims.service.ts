import { createHash, randomBytes } from 'node:crypto';
import {
  CLAIM_META_NAME,
  CLAIM_WELL_KNOWN_PATH,
  PROPOSAL_FIELDS,
  type AdminClaim,
  type AdminProposal,
  type ClaimCreated,
  type ClaimMethod,
  type ClaimStatus,
  type ClaimVerified,
  type ManagedListing,
  type Proposal,
  type ProposalChanges,
  type ProposalStatus,
} from '@shared/schemas/claim';
import type { App } from '@shared/schemas/app';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { presentApp } from '../apps/apps.presenter';
import { AppRecordsService } from '../apps/apps.records.service';
import { fetcherOptions, GuardedFetcher } from '../../lib/guarded-fetch';
import { publishNotification } from '../notifications/notifications.service';
import { findToken, verificationUrl } from './claim-verification';
import { presentAdminClaim, presentManagedListing, presentProposal } from './claims.presenter';
import { ClaimsRepository } from './claims.repository';

/** The stored form of a management secret. */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Test knobs. */
export interface ClaimsOptions {
  fetcher?: GuardedFetcher;
}

/**
 * Makers claim their listing by publishing a token on its site (a meta tag on the listed URL, or the
 * well-known file), fetched through discovery's guarded fetch. A verified claim gets a private
 * management link (the secret shown once, stored hashed, revocable by a curator) from which the
 * maker proposes corrections; a curator approves (applied to the listing) or rejects with a reason.
 */
export class ClaimsService {
  private readonly repository: ClaimsRepository;
  private readonly apps: AppRecordsService;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ClaimsOptions = {},
  ) {
    this.repository = new ClaimsRepository(ctx.db);
    this.apps = new AppRecordsService(ctx.db);
  }

  /** Whether the app's listing is claimed by its maker. @throws 404 unless the app is public */
  async status(appId: number): Promise<ClaimStatus> {
    if (!(await this.apps.findPublicById(appId))) throw notFound('App not found');
    return { claimed: await this.repository.isClaimed(appId) };
  }

  /**
   * Starts a claim of a public app: a fresh token and where to publish it.
   * @throws 404 unknown or unpublished app (the route limits how many: policy `claim`).
   */
  async create(appId: number, method: ClaimMethod): Promise<ClaimCreated> {
    const app = await this.apps.findPublicById(appId);
    if (!app) throw notFound('App not found');
    const token = `aitlas-${randomBytes(18).toString('base64url')}`;
    const row = await this.repository.insert({ appId, method, token });
    const where = verificationUrl(app.url, method);
    const instructions =
      method === 'meta'
        ? `Add <meta name="${CLAIM_META_NAME}" content="${token}"> to the <head> of ${where}, then ask Aitlas to verify.`
        : `Publish a plain-text file at ${where} (${CLAIM_WELL_KNOWN_PATH}) containing the line ${token}, then ask Aitlas to verify.`;
    return { id: row.id, token, method, instructions };
  }

  /**
   * Looks for the claim's token on the app's site. Found: the claim is verified and the management
   * link returned, this once. Not found: 422 with what was fetched.
   * @throws 404 unknown claim, 409 already verified or revoked, 422 token not found (the route limits
   *   how many attempts: policy `claim-verify`).
   */
  async verify(claimId: number): Promise<ClaimVerified> {
    const claim = await this.repository.findById(claimId);
    if (!claim) throw notFound('Claim not found');
    if (claim.status !== 'pending')
      throw conflict(
        claim.status === 'verified'
          ? 'This claim is already verified; its management link was shown when it was verified.'
          : 'This claim was revoked.',
      );
    const app = await this.apps.findPublicById(claim.appId);
    if (!app) throw notFound('App not found');
    const fetcher = this.options.fetcher ?? new GuardedFetcher(fetcherOptions(this.ctx));
    const attempt = await findToken(fetcher, app.url, claim.method as ClaimMethod, claim.token);
    if (!attempt.found) {
      await this.repository.recordAttempt(claimId, attempt);
      throw new AppError('unprocessable', `The token was not found. ${attempt.message}`, { fetched: attempt });
    }
    const secret = randomBytes(32).toString('base64url');
    if (!(await this.repository.markVerified(claimId, hashSecret(secret), attempt)))
      throw conflict('This claim is already verified.');
    await this.ctx.changes.publish('apps.changed', { ids: [claim.appId] });
    return { manageUrl: `${this.ctx.env.PUBLIC_URL}/manage/${secret}` };
  }

  /** The maker's view of their listing. @throws 404 unknown or revoked link */
  async managed(secret: string): Promise<ManagedListing> {
    const { claim, app } = await this.claimOf(secret);
    return presentManagedListing(app, claim, await this.repository.proposalsOfClaim(claim.id), this.ctx.env.PUBLIC_URL);
  }

  /**
   * Files the maker's proposed changes for a curator, with the listing's current values for the diff.
   * @throws 400 nothing changed, 404 unknown or revoked link, 429 past the limit.
   */
  async propose(secret: string, changes: ProposalChanges): Promise<Proposal> {
    const { claim, app } = await this.claimOf(secret);
    await this.ctx.rateLimits.take('proposal', String(claim.id));
    const current = app as unknown as Record<string, unknown>;
    const changed = Object.fromEntries(
      Object.entries(changes).filter(
        ([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(current[field] ?? null),
      ),
    ) as ProposalChanges;
    if (Object.keys(changed).length === 0) throw badRequest('Nothing to change: the proposal matches the listing.');
    const previous = Object.fromEntries(Object.keys(changed).map((field) => [field, current[field] ?? null]));
    const row = await this.repository.insertProposal({ appId: app.id, claimId: claim.id, changes: changed, previous });
    const proposal = presentProposal(row);
    await publishNotification(this.ctx, {
      type: 'proposal_waiting',
      title: 'Listing correction proposed',
      message: `The maker of ${app.name} proposes changes to ${proposal.diff.map((change) => change.label.toLowerCase()).join(', ')}. Review them in Admin → Makers.`,
      data: { proposalId: row.id, appId: app.id },
    });
    return proposal;
  }

  /** The curators' queue of proposals. */
  async adminProposals(status?: ProposalStatus): Promise<AdminProposal[]> {
    return (await this.repository.proposalsWithApps(status)).map((row) => ({
      ...presentProposal(row.proposal),
      appName: row.appName,
    }));
  }

  /**
   * Approves (applies the proposed fields to the listing) or rejects (with a reason the maker sees) a pending proposal.
   * @throws 404 unknown proposal, 409 already decided.
   */
  async decide(id: number, status: 'approved' | 'rejected', reason: string | null): Promise<Proposal> {
    const existing = await this.repository.findProposal(id);
    if (!existing) throw notFound('Proposal not found');
    const row = await this.repository.decideProposal(id, status, reason);
    if (!row) throw conflict(`This proposal is already ${existing.status}.`);
    if (status === 'approved') {
      const changes = row.changes as ProposalChanges;
      const values = Object.fromEntries(
        PROPOSAL_FIELDS.filter((field) => field in changes).map((field) => [field, changes[field]]),
      );
      await this.apps.update(row.appId, values);
      await this.ctx.changes.publish('apps.changed', { ids: [row.appId] });
    }
    return presentProposal(row);
  }

  /** Verified and revoked claims, for curators. */
  async adminClaims(): Promise<AdminClaim[]> {
    return (await this.repository.listWithApps()).map((row) => presentAdminClaim(row.claim, row.appName));
  }

  /** Revokes a verified claim: its management link stops working and the listing is no longer "claimed". @throws 404, 409 */
  async revoke(id: number): Promise<AdminClaim> {
    const existing = await this.repository.findById(id);
    if (!existing) throw notFound('Claim not found');
    const row = await this.repository.revoke(id);
    if (!row) throw conflict(`Only a verified claim can be revoked; this one is ${existing.status}.`);
    await this.ctx.changes.publish('apps.changed', { ids: [row.appId] });
    const app = await this.apps.findById(row.appId);
    return presentAdminClaim(row, app?.name ?? '');
  }

  private async claimOf(
    secret: string,
  ): Promise<{ claim: NonNullable<Awaited<ReturnType<ClaimsRepository['findById']>>>; app: App }> {
    const claim = await this.repository.findVerifiedBySecretHash(hashSecret(secret));
    const row = claim ? await this.apps.findById(claim.appId) : undefined;
    if (!claim || !row) throw notFound('Unknown or revoked management link');
    return { claim, app: presentApp(row, this.ctx.env.LOGO_SERVICE_URL) };
  }
}
