import type { DiscoverySource, DiscoverySourceType } from '@shared/schemas/discovery';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { presentSource } from './discovery.presenter';
import { DiscoveryRepository } from './discovery.repository';
import { parseFetchableUrl } from '../../lib/guarded-fetch';

/** The configured feeds, sitemaps and JSON lists that runs read. */
export class DiscoverySourcesService {
  private readonly repository: DiscoveryRepository;

  constructor(ctx: AppContext) {
    this.repository = new DiscoveryRepository(ctx.db);
  }

  async listSources(): Promise<DiscoverySource[]> {
    return (await this.repository.listSources()).map(presentSource);
  }

  /** @throws 409 when a source with this URL exists. */
  async addSource(input: { url: string; type: DiscoverySourceType; enabled: boolean }): Promise<DiscoverySource> {
    const url = parseFetchableUrl(input.url).toString();
    const row = await this.repository.insertSource({ url, type: input.type, enabled: input.enabled });
    if (!row) {
      const existing = await this.repository.findSourceByUrl(url);
      throw conflict(`This source is already configured (id ${existing?.id ?? '?'}).`, { existingId: existing?.id });
    }
    return presentSource(row);
  }

  /** @throws 404 */
  async setSourceEnabled(id: number, enabled: boolean): Promise<DiscoverySource> {
    const row = await this.repository.setSourceEnabled(id, enabled);
    if (!row) throw notFound('Discovery source not found');
    return presentSource(row);
  }

  /** @throws 404 */
  async deleteSource(id: number): Promise<void> {
    if (!(await this.repository.deleteSource(id))) throw notFound('Discovery source not found');
  }
}
