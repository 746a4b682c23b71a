import type { OpenReportCounts, Report, ReportCreateInput, ReportGroup, ReportStatus } from '@shared/schemas/report';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { AppRecordsService } from '../apps/apps.records.service';
import { presentReport } from './reports.presenter';
import { ReportsRepository } from './reports.repository';

/** Visitors report problems with apps; curators resolve or dismiss them (the reports are kept). */
export class ReportsService {
  private readonly repository: ReportsRepository;
  private readonly apps: AppRecordsService;

  constructor(private readonly ctx: AppContext) {
    this.repository = new ReportsRepository(ctx.db);
    this.apps = new AppRecordsService(ctx.db);
  }

  /**
   * Stores a visitor's report of a public app (the route limits how many: policy `report`).
   * @throws 404 unknown or unpublished app.
   */
  async create(
    appId: number,
    input: { reason: NonNullable<ReportCreateInput['reason']>; note: string | null },
    visitorId: string,
  ): Promise<Report> {
    if (!(await this.apps.findPublicById(appId))) throw notFound('App not found');
    return presentReport(await this.repository.insert({ appId, reason: input.reason, note: input.note, visitorId }));
  }

  async list(status?: ReportStatus): Promise<Report[]> {
    return (await this.repository.list(status)).map(presentReport);
  }

  /** Reports grouped by app, apps with the most open reports first. */
  async grouped(status?: ReportStatus): Promise<ReportGroup[]> {
    const groups = new Map<number, ReportGroup>();
    for (const row of await this.repository.listWithApps(status)) {
      let group = groups.get(row.report.appId);
      if (!group) {
        group = { appId: row.report.appId, name: row.name, url: row.url, open: 0, reports: [] };
        groups.set(row.report.appId, group);
      }
      group.reports.push(presentReport(row.report));
      if (row.report.status === 'open') group.open += 1;
    }
    return [...groups.values()].sort((a, b) => b.open - a.open || b.reports.length - a.reports.length || a.appId - b.appId);
  }

  /** Resolves or dismisses one open report. @throws 404 unknown, 409 already closed */
  async update(id: number, status: 'resolved' | 'dismissed'): Promise<Report> {
    const [row] = await this.repository.resolve([id], status);
    if (row) return presentReport(row);
    const existing = await this.repository.findById(id);
    if (!existing) throw notFound('Report not found');
    throw conflict(`This report is already ${existing.status}.`);
  }

  /** Resolves or dismisses many reports at once; closed or unknown ones are skipped. */
  async bulkUpdate(ids: number[], status: 'resolved' | 'dismissed'): Promise<{ updated: number }> {
    return { updated: (await this.repository.resolve([...new Set(ids)], status)).length };
  }

  async openCounts(): Promise<OpenReportCounts> {
    return Object.fromEntries((await this.repository.openCounts()).map((row) => [String(row.appId), row.n]));
  }

  /** How many reports are open (the Health view's badge). */
  countOpen(): Promise<number> {
    return this.repository.countOpen();
  }
}
