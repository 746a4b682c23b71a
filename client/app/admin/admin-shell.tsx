import { Shield } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AuthUser } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/button';
import { adminUrl } from '@client/lib/host';
import { AllAppsView } from '@client/features/admin-apps/components/all-apps-view';
import { CreateAppDialog } from '@client/features/admin-apps/components/create-app-dialog';
import { BlogManagementView } from '@client/features/admin-blog/components/blog-management-view';
import { CategoriesView } from '@client/features/admin-categories/components/categories-view';
import { CategoryDialog } from '@client/features/admin-categories/components/category-dialog';
import { DashboardView } from '@client/features/admin-dashboard/components/dashboard-view';
import { DiscoverView } from '@client/features/admin-discovery/components/discover-view';
import { DiscoveryLogPanel } from '@client/features/admin-discovery/components/discovery-log-panel';
import { DiscoverySourcesPanel } from '@client/features/admin-discovery/components/discovery-sources-panel';
import { NotificationBell } from '@client/features/admin-notifications/components/notification-bell';
import { SettingsView } from '@client/features/admin-settings/components/settings-view';
import { HealthDashboardCard } from '@client/features/admin-health/components/health-dashboard-card';
import { HealthSettingsPanel } from '@client/features/admin-health/components/health-settings-panel';
import { HealthView } from '@client/features/admin-health/components/health-view';
import { ReportFlag } from '@client/features/admin-health/components/report-flag';
import { MakersView } from '@client/features/admin-makers/components/makers-view';
import { ReviewsView } from '@client/features/admin-reviews/components/reviews-view';
import { TasksView } from '@client/features/admin-tasks/components/tasks-view';
import { AdminSidebar } from './admin-sidebar';
import { ADMIN_VIEW_LABELS, adminViewHref, parseAdminView, type AdminView } from './admin-view';
import { QuickCreateMenu } from './quick-create-menu';
import { useMediaQuery } from './use-media-query';
import { useSessionExpiryRedirect } from './use-session-expiry-redirect';
import { useSidebarLayout } from './use-sidebar-layout';

function ViewContent({ view, onNavigate }: { view: AdminView; onNavigate: (view: AdminView) => void }) {
  switch (view) {
    case 'all':
      return <AllAppsView onOpenDiscover={() => onNavigate('discover')} appFlag={(appId) => <ReportFlag appId={appId} />} />;
    case 'discover':
      return <DiscoverView />;
    case 'health':
      return <HealthView />;
    case 'reviews':
      return <ReviewsView />;
    case 'makers':
      return <MakersView />;
    case 'categories':
      return <CategoriesView />;
    case 'tasks':
      return <TasksView />;
    case 'settings':
      return (
        <SettingsView
          discoverySources={<DiscoverySourcesPanel />}
          discoveryLog={<DiscoveryLogPanel />}
          healthSettings={<HealthSettingsPanel />}
        />
      );
    case 'blog':
      return <BlogManagementView />;
    default:
      return (
        <DashboardView
          onOpenDiscover={() => onNavigate('discover')}
          healthCard={<HealthDashboardCard onOpen={() => onNavigate('health')} />}
        />
      );
  }
}

function displayName(user: AuthUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

/**
 * The admin screen (spec §2 Admin): sidebar, header with quick-create and notifications, and the
 * view chosen by `?view=`, switched without a reload.
 */
export function AdminShell({ user }: { user: AuthUser }) {
  const [pathname, navigate] = useLocation();
  useSessionExpiryRedirect();
  const view = parseAdminView(useSearch());
  const wide = useMediaQuery('(min-width: 768px)');
  const { width, setWidth, collapsed, toggleCollapsed } = useSidebarLayout();
  const [createAppOpen, setCreateAppOpen] = useState(false);
  const [createCategoryOpen, setCreateCategoryOpen] = useState(false);
  const [adminButtonVisible, setAdminButtonVisible] = useState(false);

  const goTo = (next: AdminView) => navigate(adminViewHref(next, pathname));

  // Spec §2: Alt+Shift+A on the admin-area wrapper reveals the Admin button.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey && event.shiftKey && event.code === 'KeyA') {
      event.preventDefault();
      setAdminButtonVisible(true);
    }
  };

  return (
    <div className="flex min-h-screen bg-slate-50" onKeyDown={onKeyDown}>
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <AdminSidebar
        view={view}
        pathname={pathname}
        width={width}
        collapsed={collapsed || !wide}
        canResize={wide}
        onResize={setWidth}
        onToggleCollapsed={toggleCollapsed}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <h1 className="truncate text-xl font-semibold text-slate-900">{ADMIN_VIEW_LABELS[view]}</h1>
          <div className="flex items-center gap-2">
            {adminButtonVisible ? (
              <Button asChild variant="outline" size="sm">
                <a href={adminUrl()}>
                  <Shield className="size-4" aria-hidden="true" />
                  Admin
                </a>
              </Button>
            ) : null}
            <QuickCreateMenu
              onCreateApp={() => setCreateAppOpen(true)}
              onCreateCategory={() => setCreateCategoryOpen(true)}
              onRunDiscovery={() => goTo('discover')}
            />
            <NotificationBell />
            <span className="hidden max-w-48 truncate text-sm text-slate-700 lg:inline" title={user.email}>
              {displayName(user)}
            </span>
          </div>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <ViewContent view={view} onNavigate={goTo} />
        </main>
      </div>
      <CreateAppDialog open={createAppOpen} onOpenChange={setCreateAppOpen} onCreated={() => goTo('all')} />
      <CategoryDialog open={createCategoryOpen} onOpenChange={setCreateCategoryOpen} category={null} />
    </div>
  );
}
