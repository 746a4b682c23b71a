import {
  ArrowLeft,
  FolderTree,
  HeartPulse,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  LogOut,
  type LucideIcon,
  MessageSquareText,
  Newspaper,
  PanelLeftClose,
  PanelLeftOpen,
  Radar,
  Settings,
  Sparkles,
  SquareStack,
} from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'wouter';
import { Tooltip } from '@client/components/ui/tooltip';
import { cn } from '@client/lib/cn';
import { siteUrl } from '@client/lib/host';
import { markSigningOut } from './admin-auth';
import { ADMIN_VIEW_LABELS, ADMIN_VIEWS, adminViewHref, type AdminView } from './admin-view';
import { SidebarResizer } from './sidebar-resizer';

const VIEW_ICONS: Record<AdminView, LucideIcon> = {
  dashboard: LayoutDashboard,
  categories: FolderTree,
  tasks: ListChecks,
  discover: Radar,
  all: SquareStack,
  health: HeartPulse,
  reviews: MessageSquareText,
  makers: KeyRound,
  blog: Newspaper,
  settings: Settings,
};

const itemClass =
  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-300 transition-colors hover:bg-slate-800 hover:text-white';

function SidebarItem({ collapsed, label, children }: { collapsed: boolean; label: string; children: ReactElement }) {
  return collapsed ? (
    <Tooltip content={label} side="right">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

/**
 * The admin sidebar (spec §2 Admin): the six views, Back to Site and Logout. It collapses to 4rem
 * (icons only) and is resizable from 200 to 400 px.
 */
export function AdminSidebar({
  view,
  pathname,
  width,
  collapsed,
  canResize,
  onResize,
  onToggleCollapsed,
}: {
  view: AdminView;
  pathname: string;
  width: number;
  collapsed: boolean;
  canResize: boolean;
  onResize: (width: number) => void;
  onToggleCollapsed: () => void;
}) {
  return (
    <aside
      aria-label="Admin sidebar"
      style={{ width: collapsed ? '4rem' : `${width}px` }}
      className="sticky top-0 flex h-screen shrink-0 flex-col bg-slate-900 text-white"
      data-collapsed={collapsed}
    >
      <div className={cn('flex h-16 items-center gap-2 border-b border-slate-800 px-3', collapsed && 'justify-center px-0')}>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <span className={cn('truncate text-lg font-bold tracking-tight', collapsed && 'sr-only')}>AI Admin</span>
      </div>

      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {ADMIN_VIEWS.map((item) => {
            const Icon = VIEW_ICONS[item];
            const active = item === view;
            return (
              <li key={item}>
                <SidebarItem collapsed={collapsed} label={ADMIN_VIEW_LABELS[item]}>
                  <Link
                    href={adminViewHref(item, pathname)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      itemClass,
                      collapsed && 'justify-center px-0',
                      active && 'bg-brand-600 text-white hover:bg-brand-600',
                    )}
                  >
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    <span className={cn('truncate', collapsed && 'sr-only')}>{ADMIN_VIEW_LABELS[item]}</span>
                  </Link>
                </SidebarItem>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="grid gap-1 border-t border-slate-800 p-2">
        <SidebarItem collapsed={collapsed} label="Back to Site">
          <a href={siteUrl()} className={cn(itemClass, collapsed && 'justify-center px-0')}>
            <ArrowLeft className="size-5 shrink-0" aria-hidden="true" />
            <span className={cn('truncate', collapsed && 'sr-only')}>Back to Site</span>
          </a>
        </SidebarItem>
        <SidebarItem collapsed={collapsed} label="Logout">
          <a href="/api/logout" onClick={markSigningOut} className={cn(itemClass, collapsed && 'justify-center px-0')}>
            <LogOut className="size-5 shrink-0" aria-hidden="true" />
            <span className={cn('truncate', collapsed && 'sr-only')}>Logout</span>
          </a>
        </SidebarItem>
        {canResize ? (
          <SidebarItem collapsed={collapsed} label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
            <button
              type="button"
              onClick={onToggleCollapsed}
              aria-expanded={!collapsed}
              className={cn(itemClass, 'w-full', collapsed && 'justify-center px-0')}
            >
              {collapsed ? (
                <PanelLeftOpen className="size-5 shrink-0" aria-hidden="true" />
              ) : (
                <PanelLeftClose className="size-5 shrink-0" aria-hidden="true" />
              )}
              <span className={cn('truncate', collapsed && 'sr-only')}>{collapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
            </button>
          </SidebarItem>
        ) : null}
      </div>

      {canResize && !collapsed ? <SidebarResizer width={width} onResize={onResize} /> : null}
    </aside>
  );
}
