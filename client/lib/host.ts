import { isAdminHostname } from '@shared/page-routes';

/**
 * True on the admin host (`app.` prefix): the route table of spec §2 for that host applies. The
 * server renders only the public site's pages, so without a window the answer is false.
 */
export function isAdminHost(hostname: string = typeof window === 'undefined' ? '' : window.location.hostname): boolean {
  return isAdminHostname(hostname);
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Where the Admin button leads: the same host with its first label replaced by `app.`; /admin on localhost. */
export function adminUrl(location: Pick<Location, 'hostname' | 'protocol' | 'port'> = window.location): string {
  if (isLocalHost(location.hostname) || isAdminHost(location.hostname)) return '/admin';
  const labels = location.hostname.split('.');
  const host = labels.length > 2 ? ['app', ...labels.slice(1)].join('.') : `app.${location.hostname}`;
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}/`;
}

/** Where "Back to Site" leads: / or, on the admin host, the host without its `app.` prefix. */
export function siteUrl(location: Pick<Location, 'hostname' | 'protocol' | 'port'> = window.location): string {
  if (!isAdminHost(location.hostname)) return '/';
  const host = location.hostname.slice('app.'.length);
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}/`;
}
