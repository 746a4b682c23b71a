import { and, desc, eq, sql } from 'drizzle-orm';
import type { ClaimAttempt, ClaimMethod, ProposalChanges, ProposalStatus } from '@shared/schemas/claim';
import type { Db } from '../../db/database';
import { appClaims, apps, listingProposals } from '../../db/schema';

export type ClaimRow = typeof appClaims.$inferSelect;
export type ProposalRow = typeof listingProposals.$inferSelect;

/** Queries on claims and proposals; no rules here. */
export class ClaimsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: { appId: number; method: ClaimMethod; token: string }): Promise<ClaimRow> {
    const [row] = await this.db.insert(appClaims).values(values).returning();
    if (!row) throw new Error('claim insert returned nothing');
    return row;
  }

  async findById(id: number): Promise<ClaimRow | undefined> {
    const [row] = await this.db.select().from(appClaims).where(eq(appClaims.id, id));
    return row;
  }

  async findVerifiedBySecretHash(secretHash: string): Promise<ClaimRow | undefined> {
    const [row] = await this.db
      .select()
      .from(appClaims)
      .where(and(eq(appClaims.secretHash, secretHash), eq(appClaims.status, 'verified')));
    return row;
  }

  async recordAttempt(id: number, attempt: ClaimAttempt): Promise<void> {
    await this.db.update(appClaims).set({ lastAttempt: attempt }).where(eq(appClaims.id, id));
  }

  /** Marks a pending claim verified with its secret's hash; false when it was not pending any more. */
  async markVerified(id: number, secretHash: string, attempt: ClaimAttempt): Promise<boolean> {
    const rows = await this.db
      .update(appClaims)
      .set({ status: 'verified', secretHash, verifiedAt: new Date(), lastAttempt: attempt })
      .where(and(eq(appClaims.id, id), eq(appClaims.status, 'pending')))
      .returning({ id: appClaims.id });
    return rows.length > 0;
  }

  async revoke(id: number): Promise<ClaimRow | undefined> {
    const [row] = await this.db
      .update(appClaims)
      .set({ status: 'revoked', revokedAt: new Date() })
      .where(and(eq(appClaims.id, id), eq(appClaims.status, 'verified')))
      .returning();
    return row;
  }

  async isClaimed(appId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(appClaims)
      .where(and(eq(appClaims.appId, appId), eq(appClaims.status, 'verified')));
    return (row?.n ?? 0) > 0;
  }

  /** Verified and revoked claims (pending ones are only attempts) with their app's name. */
  listWithApps() {
    return this.db
      .select({ claim: appClaims, appName: apps.name })
      .from(appClaims)
      .innerJoin(apps, eq(appClaims.appId, apps.id))
      .where(sql`${appClaims.status} <> 'pending'`)
      .orderBy(desc(appClaims.createdAt), desc(appClaims.id))
      .limit(2000);
  }

  async insertProposal(values: {
    appId: number;
    claimId: number;
    changes: ProposalChanges;
    previous: Record<string, unknown>;
  }): Promise<ProposalRow> {
    const [row] = await this.db.insert(listingProposals).values(values).returning();
    if (!row) throw new Error('proposal insert returned nothing');
    return row;
  }

  proposalsOfClaim(claimId: number): Promise<ProposalRow[]> {
    return this.db
      .select()
      .from(listingProposals)
      .where(eq(listingProposals.claimId, claimId))
      .orderBy(desc(listingProposals.createdAt), desc(listingProposals.id));
  }

  async findProposal(id: number): Promise<ProposalRow | undefined> {
    const [row] = await this.db.select().from(listingProposals).where(eq(listingProposals.id, id));
    return row;
  }

  proposalsWithApps(status?: ProposalStatus) {
    return this.db
      .select({ proposal: listingProposals, appName: apps.name })
      .from(listingProposals)
      .innerJoin(apps, eq(listingProposals.appId, apps.id))
      .where(status ? eq(listingProposals.status, status) : undefined)
      .orderBy(desc(listingProposals.createdAt), desc(listingProposals.id))
      .limit(2000);
  }

  /** Decides a pending proposal; undefined when it was not pending. */
  async decideProposal(id: number, status: 'approved' | 'rejected', reason: string | null): Promise<ProposalRow | undefined> {
    const [row] = await this.db
      .update(listingProposals)
      .set({ status, reason: status === 'rejected' ? reason : null, decidedAt: new Date() })
      .where(and(eq(listingProposals.id, id), eq(listingProposals.status, 'pending')))
      .returning();
    return row;
  }
}
