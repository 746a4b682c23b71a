/** The views of the admin screen, selected by `?view=` (spec §2 Admin). */
export const ADMIN_VIEWS = [
  'dashboard',
  'categories',
  'tasks',
  'discover',
  'all',
  'health',
  'reviews',
  'makers',
  'blog',
  'settings',
] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];

/** Sidebar labels, in the sidebar's order. */
export const ADMIN_VIEW_LABELS: Record<AdminView, string> = {
  dashboard: 'Dashboard',
  categories: 'Categories',
  tasks: 'Tasks',
  discover: 'Discover Apps',
  all: 'All Apps',
  health: 'Health',
  reviews: 'Reviews',
  makers: 'Makers',
  blog: 'Blog',
  settings: 'Settings',
};

/** The view named by a query string; unknown or missing values mean the dashboard. */
export function parseAdminView(search: string): AdminView {
  const value = new URLSearchParams(search).get('view');
  return (ADMIN_VIEWS as readonly string[]).includes(value ?? '') ? (value as AdminView) : 'dashboard';
}

/** The address of a view on the current admin path (`/admin`, or `/` on the app. host). */
export function adminViewHref(view: AdminView, pathname: string): string {
  return view === 'dashboard' ? pathname : `${pathname}?view=${view}`;
}
